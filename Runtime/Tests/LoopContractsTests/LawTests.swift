import Loop
import LoopContracts
import Testing

/// Laws over steps: checked on every step the runner sees, of their kinds only, and a broken
/// one found, shrunk and reported with the states around the step.
@Suite(.watchdog)
struct LawTests {
  private typealias TurnstileLaw = Law<Turnstile.State, Turnstile.Event, Turnstile.Event>

  /// What the turnstile promises of a push on a locked turnstile: nothing happens.
  private static let lockedPush = TurnstileLaw(
    "a push on a locked turnstile changes nothing", on: .push
  ) { before, _, after in !before.isLocked || after == before }
  /// A coin only ever adds one coin: a law for every kind of event.
  private static let coinsCount = TurnstileLaw("only a coin adds a coin, and exactly one") {
    before, event, after in after.coins == before.coins + (event == .coin ? 1 : 0)
  }

  @Test func lawsThatHoldPassAndCountOnlyTheStepsOfTheirKinds() async throws {
    let runner = ContractRunner(options: .init(exploration: .init(depth: 6, seed: 7)))
    let report = await runner.run(
      TurnstileContracts.contract({ Turnstile() }, laws: [Self.lockedPush, Self.coinsCount]))

    #expect(report.passed, "\(report.failures)")
    let steps = report.laws.map(\.stepsChecked)
    #expect(report.laws.map(\.name) == [Self.lockedPush.name, Self.coinsCount.name])
    // Every explored step is a coin or a push: the push law judges some, the other all.
    #expect(steps[1] == report.exploration.steps)
    #expect(steps[0] > 0 && steps[0] < steps[1])
    #expect(report.laws.allSatisfy { $0.failure == nil })
  }

  @Test func aBrokenLawIsFoundBreadthFirstWithTheStatesAroundTheStep() async throws {
    let runner = ContractRunner(
      options: .init(exploration: .init(depth: 6, randomWalks: 0, seed: 7)))
    let report = await runner.run(
      TurnstileContracts.contract({ LeakyTurnstile() }, examples: [], laws: [Self.lockedPush]))

    #expect(!report.passed)
    let found = try #require(
      report.exploration.failures.first { $0.rule == .law(Self.lockedPush.name) })
    // Two coins, a push that locks, then the push that leaks: one event sooner than the
    // invariant "no more passes than coins" can see it.
    #expect(found.events.count == 4)
    #expect(found.events.last == ".push")
    #expect(found.before?.contains("isLocked: true") == true, "\(found.before ?? "")")
    #expect(found.state.contains("passes: 2"), "\(found.state)")
    let failure = try #require(report.laws.first?.failure)
    #expect(failure.hasPrefix("broken by .push, reached by exploration from initial state 0: "))
    #expect(failure.contains("\n  before: "))
    #expect(failure.contains("\n  after:  "))
    #expect(
      report.failures.contains {
        $0.hasPrefix("law \"a push on a locked turnstile changes nothing\": broken by .push")
      })
  }

  @Test func aBrokenLawFoundOnARandomWalkIsShrunk() async throws {
    // Breadth-first to depth 1 only: the walks find it, among longer detours.
    let runner = ContractRunner(
      options: .init(exploration: .init(depth: 1, randomWalks: 50, walkLength: 30, seed: 3)))
    let report = await runner.run(
      TurnstileContracts.contract({ LeakyTurnstile() }, examples: [], laws: [Self.lockedPush]))

    let found = try #require(
      report.exploration.failures.first { $0.rule == .law(Self.lockedPush.name) })
    #expect(found.events.count == 4, "\(found.events)")
  }

  @Test func aLawIsCheckedOnAnExampleStep() async throws {
    // The example expects what the leaky reducer does, so the row passes; the law does not.
    let leak = Example<Turnstile.State, Turnstile.Event>(
      "a push on a locked turnstile with two coins", given: .init(isLocked: true, coins: 2),
      when: .push, then: .init(isLocked: true, coins: 2, passes: 1))
    let runner = ContractRunner(options: .init(exploration: .init(depth: 0, randomWalks: 0)))
    let report = await runner.run(
      TurnstileContracts.contract({ LeakyTurnstile() }, examples: [leak], laws: [Self.lockedPush]))

    #expect(report.examples.map(\.failure) == [nil])
    let failure = try #require(report.laws.first?.failure)
    #expect(
      failure.hasPrefix(
        "broken by .push, reached by example: a push on a locked turnstile with two coins: "),
      "\(failure)")
  }
}
