import Loop
import LoopContracts
import LoopTesting
import TestSupport
import Testing

/// Machine-derived mutants (the runner makes them from the machine, not from its source) and the mistakes a
/// contract itself can contain: each is reported by name with what to do.
@Suite(.watchdog)
struct MachineMutantTests {
  private let runner = ContractRunner(options: .init(exploration: .init(depth: 4, seed: 7)))

  @Test func eachIgnoredEventKindIsKilledAndEachRuntimeFaultANoEffectMachineCannotSeeSurvives()
    async
  {
    let strength = await runner.machineMutants(of: TurnstileContracts.contract { Turnstile() })

    #expect(
      strength.mutants.map(\.mutant) == [
        "`coin` is ignored by the reducer", "`push` is ignored by the reducer",
        "every effect event is delivered twice",
        "the runtime reduces events of superseded effects",
        "every clock sleep wakes at 2/3 of its duration",
        "every clock sleep wakes at 3/2 of its duration",
      ])
    #expect(strength.mutants[0].killedBy == .example("a coin unlocks"))
    #expect(
      strength.mutants[1].killedBy
        == .example("pushing an unlocked turnstile lets one through and locks"))
    #expect(strength.survivors.count == 4)
    #expect(strength.percent == Double(2) * 100 / 6)
  }

  @Test func removingTheFeedbackIsKilledByTheScenarioBudget() async throws {
    let strength = await runner.machineMutants(
      of: LoaderContracts.contract(name: "loader") { PagedLoader(load: $0) })

    let removed = try #require(
      strength.mutants.first { $0.mutant == "the feedback `load` is removed" })
    #expect(
      removed.killedBy
        == .budget(scenario: "three rapid next requests cause one call", dependency: "load")
        || removed.killedBy == .scenario("three rapid next requests cause one call"))
  }

  @Test func aMutantDeclaredEquivalentIsListedApartAndNotCounted() async {
    let reason = "the turnstile has no effects"
    let contract = TurnstileContracts.contract(
      { Turnstile() },
      equivalentMutants: [
        .deliversEffectEventsTwice: reason, .acceptsStaleEvents: reason,
        .sleepsScaled(numerator: 2, denominator: 3): reason,
        .sleepsScaled(numerator: 3, denominator: 2): reason,
      ])

    let strength = await runner.machineMutants(of: contract)

    #expect(strength.survivors.isEmpty)
    #expect(strength.equivalent.map(\.equivalence) == Array(repeating: reason, count: 4))
    #expect(strength.percent == 100)
    #expect(!strength.hasWrongDeclarations)
  }

  @Test func anEquivalenceForAKilledMutantOrForNoMutantIsAWrongDeclaration() async {
    let contract = TurnstileContracts.contract(
      { Turnstile() },
      equivalentMutants: [.ignores(.coin): "coins do not matter", .withoutFeedback("poll"): "?"])

    let strength = await runner.machineMutants(of: contract)

    #expect(strength.wronglyEquivalent.map(\.mutant) == ["`coin` is ignored by the reducer"])
    #expect(
      strength.problems == [
        "the feedback `poll` is removed is declared equivalent, but the runner makes no such "
          + "mutant: remove the declaration (feedbacks: )"
      ])
    #expect(strength.hasWrongDeclarations)
  }

  @Test func wrongDeclarationsAreListedInTheOrderOfTheirWordsEveryRun() async {
    let contract = TurnstileContracts.contract(
      { Turnstile() },
      equivalentMutants: [
        .withoutFeedback("poll"): "?", .withoutFeedback("alarm"): "?",
        .withoutFeedback("bell"): "?",
      ])
    let problems = await runner.machineMutants(of: contract).problems
    #expect(
      problems
        == ["alarm", "bell", "poll"].map { name in
          "the feedback `\(name)` is removed is declared equivalent, but the runner makes no such "
            + "mutant: remove the declaration (feedbacks: )"
        })
  }

  @Test func anAlphabetWithNoEventsIsATableProblemNamingTheInitialState() async {
    let report = await runner.run(
      TurnstileContracts.contract({ Turnstile() }, alphabet: { _ in [] }))

    #expect(!report.passed)
    #expect(
      report.tableProblems.first
        == "the alphabet offers no event in initial state 0: return the events a user or an "
        + "effect could send there")
  }

  @Test func aPhaseOrKindNoRowMentionsIsATableProblem() async {
    let contract = Contract<Turnstile, WidePhase, Turnstile.Event>(
      name: "narrow", initialStates: [Turnstile.State()],
      phase: { $0.isLocked ? .locked : .unlocked },
      table: [
        Move(.locked, on: .coin, to: .unlocked), Move(.unlocked, on: .coin, to: .unlocked),
      ],
      alphabet: { _ in [.coin, .push] }, makeMachine: { Turnstile() })

    let report = await runner.run(contract)

    #expect(
      report.tableProblems.contains(
        "event kind `push` appears in no row: add the moves it makes, or remove the kind"))
    #expect(
      report.tableProblems.contains(
        "phase `jammed` appears in no row: add the moves into and out of it, or remove the phase"))
    #expect(report.failedChecks.contains { $0.rule == .table })
  }

  @Test func aRowNothingExercisesFailsTheTable() async {
    let contract = TurnstileContracts.contract(
      { Turnstile() }, alphabet: { state in state.isLocked ? [.coin] : [.push] })

    let report = await runner.run(contract)

    // The example "pushing a locked turnstile does nothing" exercises locked --push--> locked.
    #expect(
      report.tableProblems == [
        "row unlocked --coin--> unlocked is never exercised by an example, a scenario or "
          + "exploration: add an alphabet event or an example that makes it, or remove the row"
      ])
    #expect(!report.passed)
  }

  @Test func aScenarioThatThrowsFailsWithTheError() async throws {
    struct Broken: Error {}
    let throwing = Scenario<Turnstile>("throws before any check") { _ in throw Broken() }
    let report = await runner.run(
      TurnstileContracts.contract({ Turnstile() }, scenarios: [throwing]))

    let scenario = try #require(report.scenarios.first)
    #expect(scenario.failures.count == 1)
    #expect(scenario.failures.first?.hasPrefix("the scenario threw Broken()") == true)
  }

  @Test func aMutantOnlyARandomWalkRevealsIsKilledByWhatTheWalkFound() async throws {
    // Breadth-first to depth 1 only: a down from 0 stays at 0 either way; only a walk goes up
    // before it goes down.
    let backByOne = Law<Dial.State, Dial.Event, Dial.Event>(
      "a down steps back by one, never below zero", on: .down
    ) { before, _, after in after.value == max(0, before.value - 1) }
    let contract = Contract<Dial, Dial.Phase, Dial.Event>(
      name: "dial", initialStates: [Dial.State()], phase: { _ in .on },
      table: [Move(.on, on: .up, to: .on), Move(.on, on: .down, to: .on)], laws: [backByOne],
      alphabet: { _ in [.up, .down] }, makeMachine: { Dial() })
    let walking = ContractRunner(
      options: .init(exploration: .init(depth: 1, randomWalks: 50, walkLength: 30, seed: 3)))

    let strength = await walking.machineMutants(of: contract)

    let ignored = try #require(
      strength.mutants.first { $0.mutant == "`down` is ignored by the reducer" })
    #expect(ignored.killedBy == .law(backByOne.name), "\(ignored)")
  }

  enum WidePhase: CaseIterable, Sendable { case locked, unlocked, jammed }
}

/// A dial that goes up and down, never below zero.
private struct Dial: Machine {
  struct State: Hashable, Sendable { var value = 0 }
  enum Event: String, Hashable, Sendable, Codable, CaseIterable { case up, down }
  enum Phase: CaseIterable, Sendable { case on }

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .up: state.value += 1
    case .down: state.value = max(0, state.value - 1)
    }
  }

  var feedbacks: [Feedback<State, Event>] { [] }
}
