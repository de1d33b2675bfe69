import Loop
import Testing

@testable import LoopContracts

/// What exploration promises without being told: its default limits, and the names of event
/// cases it met with no kind.
@Suite(.watchdog)
struct ExplorationDefaultsTests {
  /// The defaults docs/PERFORMANCE.md ("The default depth stays 6") and
  /// ``ExplorationLimits/maxStates`` ("10 million by default") promise.
  @Test func theDefaultLimitsAreDepthSixAndTenMillionStates() {
    let limits = ExplorationLimits()

    #expect(limits.depth == 6)
    #expect(limits.maxStates == 10_000_000)
  }

  /// An event the breadth-first search sends whose case has no kind is named in the outcome
  /// (the runner reports it as "events of case `…` have no kind"), though no walk sends it.
  @Test func theBreadthFirstSearchNamesAnEventCaseThatHasNoKind() {
    let contract = Contract<Turnstile, TurnstileContracts.Phase, Turnstile.Event>(
      name: "coins only", initialStates: [Turnstile.State()],
      phase: { $0.isLocked ? .locked : .unlocked },
      optionalKind: { $0 == .coin ? .coin : nil },
      table: [Move(.locked, on: .coin, to: .unlocked), Move(.unlocked, on: .coin, to: .unlocked)],
      examples: [], invariants: [], laws: [], roundTrips: [], scenarios: [],
      equivalentMutants: [:], alphabet: { _ in [.coin, .push] }, makeMachine: { Turnstile() })

    let outcome = Explorer(contract, limits: ExplorationLimits(depth: 2, randomWalks: 0)).run()

    #expect(outcome.unnamedCases == ["push"])
  }
}
