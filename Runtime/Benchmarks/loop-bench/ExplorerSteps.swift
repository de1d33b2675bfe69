import Loop
import LoopContracts

/// B5: how many reducer steps per second the contract explorer takes, on a turnstile.
///
/// Each step is what exploration does for real: ask the alphabet, reduce, name the phases and
/// the event kind, check the move against the table and the invariants of a new state.
enum ExplorerSteps {
  /// The turnstile: locked until a coin, a push lets one through.
  struct Turnstile: Machine {
    struct State: Hashable, Sendable {
      var isLocked = true
      var coins = 0
      var passes = 0
    }

    enum Event: String, Hashable, Sendable, Codable, CaseIterable {
      case coin
      case push
    }

    enum Phase: CaseIterable, Sendable { case locked, unlocked }

    static let reducer = Reducer<State, Event> { state, event in
      switch event {
      case .coin:
        state.coins += 1
        state.isLocked = false
      case .push:
        guard !state.isLocked else { return }
        state.passes += 1
        state.isLocked = true
      }
    }

    var feedbacks: [Feedback<State, Event>] { [] }
  }

  static let contract = Contract<Turnstile, Turnstile.Phase, Turnstile.Event>(
    name: "turnstile",
    initialStates: [Turnstile.State()],
    phase: { $0.isLocked ? .locked : .unlocked },
    kind: { $0 },
    table: [
      Move(.locked, on: .coin, to: .unlocked),
      Move(.locked, on: .push, to: .locked),
      Move(.unlocked, on: .coin, to: .unlocked),
      Move(.unlocked, on: .push, to: .locked),
    ],
    invariants: [Invariant("no more passes than coins") { $0.passes <= $0.coins }],
    alphabet: { _ in [.coin, .push] },
    makeMachine: { Turnstile() })

  /// Breadth-first to depth 12, then 20,000 seeded walks of 50 events.
  static let limits = ExplorationLimits(
    depth: 12, maxStates: 200_000, randomWalks: 20_000, walkLength: 50, seed: 1)

  /// A smaller exploration of the same turnstile, for counting instructions under callgrind,
  /// which runs code about fifty times slower.
  static let countingLimits = ExplorationLimits(
    depth: 8, maxStates: 200_000, randomWalks: 200, walkLength: 50, seed: 1)

  /// Runs one exploration.
  ///
  /// - Parameter limits: How far to explore; the benchmark's ``limits`` by default.
  /// - Returns: Steps per second, and the steps taken.
  static func run(limits: ExplorationLimits = limits) -> (stepsPerSecond: Double, steps: Int) {
    let outcome = Explorer(contract, limits: limits).run()
    precondition(outcome.report.failures.isEmpty, "the benchmark turnstile broke its contract")
    return (outcome.report.stepsPerSecond, outcome.report.steps)
  }
}
