import Loop
import LoopContracts
import Testing

@testable import LoopContracts

/// A contract accounts for every case of its event, every kind (in a row, and offered by the
/// alphabet) and every phase (reached by exploration, or declared unreachable); a gap fails
/// the contract, named with what to add.
@Suite(.watchdog)
struct ContractTotalityTests {
  private let runner = ContractRunner(options: .init(exploration: .init(depth: 4, seed: 7)))

  @Test func anEventCaseWithNoKindFailsBeforeAnyCheckRunsThoughNothingSendsIt() async {
    let contract = Contract<Turnstile, TurnstileContracts.Phase, CoinOnly>(
      name: "coins", initialStates: [Turnstile.State()],
      phase: { $0.isLocked ? .locked : .unlocked },
      table: [Move(.locked, on: .coin, to: .unlocked), Move(.unlocked, on: .coin, to: .unlocked)],
      examples: TurnstileContracts.examples, alphabet: { _ in [.coin] },
      makeMachine: { Turnstile() })

    let report = await runner.run(contract)

    #expect(
      report.tableProblems == [
        "event case `push` has no kind: add `case push` to the contract's kinds, the rows it "
          + "makes (a row that stays put where it changes nothing), and `.push` events to the "
          + "alphabet where a user or an effect can send them"
      ])
    #expect(report.examples.isEmpty && report.exploration.steps == 0)
    #expect(!report.passed)
  }

  @Test func anEventCaseWithNoKindThatOnlyARandomWalkSendsIsNamedByExploration() {
    // Searched to depth 1, the turnstile reaches one coin; only the walks go on from there,
    // and only there does the alphabet offer a push, whose case has no kind.
    let contract = Contract<Turnstile, TurnstileContracts.Phase, CoinOnly>(
      name: "coins", initialStates: [Turnstile.State()],
      phase: { $0.isLocked ? .locked : .unlocked },
      table: [Move(.locked, on: .coin, to: .unlocked), Move(.unlocked, on: .coin, to: .unlocked)],
      alphabet: { $0.coins == 0 ? [.coin] : [.push] }, makeMachine: { Turnstile() })
    let explorer = Explorer(
      contract, limits: ExplorationLimits(depth: 1, randomWalks: 1, walkLength: 1))

    let outcome = explorer.run()

    #expect(outcome.report.randomWalks == 1)
    #expect(outcome.unnamedCases == ["push"])
  }

  @Test func aKindThatNamesNoEventCaseFails() async {
    let contract = Contract<Turnstile, TurnstileContracts.Phase, WithKick>(
      name: "kick", initialStates: [Turnstile.State()],
      phase: { $0.isLocked ? .locked : .unlocked }, table: [],
      alphabet: { _ in [.coin, .push] }, makeMachine: { Turnstile() })

    let report = await runner.run(contract)

    #expect(
      report.tableProblems == [
        "kind `kick` names no case of the event: name it after a case, or remove it"
      ])
  }

  @Test func aKindTheAlphabetNeverOffersFailsThoughExamplesExerciseItsRows() async {
    let report = await runner.run(
      TurnstileContracts.contract({ Turnstile() }, alphabet: { _ in [.coin] }))

    // The examples exercise both push rows; exploration never sends a push.
    #expect(
      report.tableProblems == [
        "event kind `push` is never offered by the alphabet in 45 states to depth 4 and 200 "
          + "walks: return its events from the alphabet in the states where a user or an "
          + "effect can send them (exploration sends only what the alphabet offers)"
      ])
  }

  @Test func aKindLeftOutOnPurposeIsDeclaredAndADeclarationTheAlphabetBelieFails() async {
    let coinsOnly = TurnstileContracts.contract({ Turnstile() }, alphabet: { _ in [.coin] })
    let declared = await runner.run(coinsOnly.notOffered(.push, because: "tests push apart"))
    let wrong = await runner.run(
      TurnstileContracts.contract({ Turnstile() }).notOffered(.push, because: "wrongly"))

    #expect(declared.passed)
    #expect(
      wrong.tableProblems == [
        "event kind `push` is declared not offered (wrongly), but the alphabet offered it: "
          + "remove the declaration"
      ])
  }

  @Test func aPhaseExplorationNeverReachesFailsUntilDeclaredUnreachable() async {
    let undeclared = await runner.run(Self.withJammed)
    let declared = await runner.run(
      Self.withJammed.unreachable(.jammed, because: "coins are never owed"))
    let wrong = await runner.run(
      Self.withJammed.unreachable(.jammed, because: "coins are never owed")
        .unreachable(.unlocked, because: "wrongly"))

    #expect(
      undeclared.tableProblems.count == 1
        && undeclared.tableProblems[0].hasPrefix("phase `jammed` is never reached by exploration")
        && undeclared.tableProblems[0].hasSuffix(
          ": add alphabet events that lead there, or declare it with "
            + "`.unreachable(.jammed, because:)`")
    )
    #expect(declared.passed)
    #expect(
      wrong.tableProblems == [
        "phase `unlocked` is declared unreachable (wrongly), but exploration reached it: "
          + "remove the declaration"
      ])
  }

  @Test func theCasesOfAnEnumAreReadFromItsMetadataAndAnythingElseHasNone() {
    #expect(Set(EnumCases.names(of: Mixed.self) ?? []) == ["start", "loaded", "retried", "stop"])
    #expect(EnumCases.names(of: Generic<[Int]>.self).map(Set.init) == ["value", "none"])
    #expect(EnumCases.names(of: Turnstile.Event.self) == ["coin", "push"])
    #expect(EnumCases.names(of: Turnstile.State.self) == nil)
    #expect(EnumCases.names(of: Int?.self) == nil)
    #expect(EnumCases.names(of: Never.self) == [])
    #expect(EnumCases.names(of: NSObjectLike.self) == nil)
  }

  /// The turnstile with a third phase, owing coins, that nothing reaches; an example
  /// exercises its row, so only the reach check can see it.
  private static let withJammed = Contract<Turnstile, ThreePhases, Turnstile.Event>(
    name: "jammed", initialStates: [Turnstile.State()],
    phase: { $0.coins < 0 ? .jammed : $0.isLocked ? .locked : .unlocked },
    table: TurnstileContracts.table.map {
      Move(ThreePhases($0.from), on: $0.event, to: ThreePhases($0.to))
    } + [Move(.jammed, on: .push, to: .jammed)],
    examples: TurnstileContracts.examples + [
      Example(
        "a turnstile owed coins stays jammed", given: Turnstile.State(coins: -1), when: .push,
        then: Turnstile.State(coins: -1))
    ],
    alphabet: { _ in [.coin, .push] }, makeMachine: { Turnstile() })

  enum CoinOnly: String, CaseIterable, Sendable { case coin }
  enum WithKick: String, CaseIterable, Sendable { case coin, push, kick }
  enum ThreePhases: CaseIterable, Sendable {
    case locked, unlocked, jammed

    init(_ phase: TurnstileContracts.Phase) {
      self = phase == .locked ? .locked : .unlocked
    }
  }

  private enum Mixed {
    case start
    case loaded(page: Int, titles: [String])
    indirect case retried(Mixed)
    case stop
  }

  private enum Generic<Payload> {
    case value(Payload)
    case none
  }

  private final class NSObjectLike {}
}
