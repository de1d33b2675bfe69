import Foundation
import Loop
import LoopContracts
import LoopTesting
import TestSupport
import Testing

/// The runner on contracts that hold, and on deliberately broken machines: each kind of
/// failure is caught and reported clearly.
@Suite(.watchdog)
struct ContractRunnerTests {
  private let runner = ContractRunner(options: .init(exploration: .init(depth: 6, seed: 7)))

  @Test func aTurnstileThatKeepsItsContractPassesEveryCheck() async throws {
    let report = await runner.run(TurnstileContracts.contract { Turnstile() })

    #expect(report.passed, "\(report.failures)")
    #expect(report.examples.count == 3)
    #expect(report.table.allSatisfy { !$0.exercisedBy.isEmpty })
    #expect(report.exploration.statesExplored > 20)
    #expect(report.exploration.steps > report.exploration.statesExplored)
    #expect(report.invariants.allSatisfy { $0.statesChecked > 20 })
  }

  @Test func aPagedLoaderThatKeepsItsContractPassesWithItsBudget() async throws {
    let report = await runner.run(
      LoaderContracts.contract(name: "loader") { PagedLoader(load: $0) })

    #expect(report.passed, "\(report.failures)")
    #expect(report.scenarios.flatMap(\.budgets).map(\.expected) == ["exactly 1, with 1"])
    #expect(report.scenarios.flatMap(\.budgets).map(\.failure) == [nil])
    let loaded = report.table.first {
      $0.move
        == Move<PagedLoader.Phase, PagedLoader.Kind>(.loading, on: .loaded, to: .idle).reported
    }
    #expect(
      loaded?.exercisedBy.contains("scenario: three rapid next requests cause one call") == true)
  }

  @Test func aWrongExampleIsReportedWithTheFieldThatDiffers() async throws {
    let wrong = Example<Turnstile.State, Turnstile.Event>(
      "a coin unlocks (wrongly expecting two coins)", given: Turnstile.State(), when: .coin,
      then: Turnstile.State(isLocked: false, coins: 2))
    let report = await runner.run(
      TurnstileContracts.contract({ Turnstile() }, examples: [wrong]))

    #expect(!report.passed)
    let failure = try #require(report.examples.first, "no example was reported").failure ?? ""
    #expect(failure.contains("the reducer does not produce the expected state"))
    #expect(failure.contains("coins\n  - expected: 2\n  + actual:   1"))
  }

  @Test func anInvariantBrokenOnlyFiveEventsDeepIsFoundAndShrunk() async throws {
    let report = await runner.run(TurnstileContracts.contract { LeakyTurnstile() })

    #expect(!report.passed)
    let found = report.exploration.failures.first {
      $0.rule == .invariant("no more passes than coins")
    }
    #expect(found?.events.count == 5)
    #expect(
      found.map {
        Set([
          [".coin", ".coin", ".push", ".push", ".push"],
          [".coin", ".push", ".coin", ".push", ".push"],
        ])
        .contains($0.events)
      } == true)
    let invariant = report.invariants.first { $0.name == "no more passes than coins" }
    #expect(invariant?.failure?.contains("reached by exploration") == true)
    #expect(report.examples.allSatisfy { $0.failure == nil })
  }

  @Test func aMoveTheTableDoesNotListIsReportedWithWhereItWasSeen() async throws {
    let table = TurnstileContracts.table.filter {
      $0 != Move(.unlocked, on: .coin, to: .unlocked)
    }
    let report = await runner.run(TurnstileContracts.contract({ Turnstile() }, table: table))

    #expect(!report.passed)
    #expect(
      report.undeclaredMoves.map(\.move).contains(
        ReportedMove(from: "unlocked", event: "coin", to: "unlocked")))
    #expect(
      report.failures.contains { $0.hasPrefix("undeclared move unlocked --coin--> unlocked") })
  }

  @Test func aBlownCallBudgetIsReportedWithTheCount() async throws {
    let report = await runner.run(
      LoaderContracts.contract(name: "restarting") { RestartingLoader(load: $0) })

    #expect(!report.passed)
    let scenario = try #require(report.scenarios.first, "no scenario was reported")
    let budget = try #require(scenario.budgets.first, "the scenario reported no budget")
    #expect(budget.failure?.hasPrefix("expected exactly 1 call(s), got 3") == true)
    #expect(
      report.failures.contains { $0.contains("budget load: expected exactly 1 call(s), got 3") })
  }

  @Test func aBudgetInAnyOrderAcceptsAnotherOrderAndNamesWhatDiffers() async throws {
    func scenario(_ name: String, calls: [Int], expected: [Int]) -> Scenario<Turnstile> {
      Scenario(name) { context in
        let log = CallLog<Int>()
        for call in calls { log.record(call) }
        context.budget("load", log, exactly: expected.count, inAnyOrder: expected)
      }
    }
    let contract = TurnstileContracts.contract(
      { Turnstile() }, examples: [],
      scenarios: [
        scenario("another order", calls: [2, 1, 2], expected: [1, 2, 2]),
        scenario("one call repeated instead of another", calls: [1, 1, 2], expected: [1, 2, 2]),
      ])

    let report = await runner.run(contract)

    let budgets = report.scenarios.flatMap(\.budgets)
    try #require(budgets.count == 2, "expected two budgets, got \(budgets)")
    #expect(
      budgets.map(\.expected) == Array(repeating: "exactly 3, in any order: 1, 2, 2", count: 2))
    #expect(budgets[0].failure == nil)
    #expect(
      budgets[1].failure
        == "expected arguments [1, 2, 2] in any order, got [1, 1, 2] (missing [2], unexpected [1])")
  }

  /// A budget in any order whose calls differ only by one too many, or one too few, names the
  /// arguments missing and unexpected beside the count.
  @Test func aBudgetInAnyOrderNamesAnExtraOrAMissingCallBesideTheCount() async throws {
    func scenario(_ name: String, calls: [Int]) -> Scenario<Turnstile> {
      Scenario(name) { context in
        let log = CallLog<Int>()
        for call in calls { log.record(call) }
        context.budget("load", log, exactly: 2, inAnyOrder: [1, 2])
      }
    }
    let contract = TurnstileContracts.contract(
      { Turnstile() }, examples: [],
      scenarios: [
        scenario("one call too many", calls: [2, 3, 1]), scenario("one too few", calls: [2]),
      ])

    let report = await runner.run(contract)

    let budgets = report.scenarios.flatMap(\.budgets)
    try #require(budgets.count == 2, "expected two budgets, got \(budgets)")
    #expect(
      budgets[0].failure
        == "expected exactly 2 call(s), got 3; expected arguments [1, 2] in any order, got "
        + "[2, 3, 1] (missing [], unexpected [3])")
    #expect(
      budgets[1].failure
        == "expected exactly 2 call(s), got 1; expected arguments [1, 2] in any order, got "
        + "[2] (missing [1], unexpected [])")
  }

  @Test func aReducerTheLiveStoreDisagreesWithIsReportedAsARuntimeBug() async throws {
    let report = await runner.run(
      LoaderContracts.contract(name: "impure") { _ in ImpureLoader() })

    let example = try #require(report.examples.first, "no example was reported")
    #expect(example.failure?.contains("runtime bug: the live store reduced") == true)
  }

  @Test func aScenarioWhoseWaitFailsIsReportedNotRecordedAsATestIssue() async throws {
    let stuck = Scenario<Turnstile>("waits for a pass nobody makes") { context in
      let store = context.store(initial: Turnstile.State(), machine: Turnstile())
      store.send(.coin)
      await store.wait { $0.passes == 1 }
    }
    let contract = TurnstileContracts.contract({ Turnstile() }, examples: [], scenarios: [stuck])

    let report = await runner.run(contract)

    let scenario = try #require(report.scenarios.first, "no scenario was reported")
    try #require(scenario.failures.count == 1, "expected one failure, got \(scenario.failures)")
    #expect(scenario.failures[0].contains("the store is quiet"))
  }

  @Test func aSendWhileAnEffectOnTheExecutorRunsOnItsOwnIsNoRace() async throws {
    // The load waits on a stream no test instrument knows, opened after the second request:
    // it runs on its own while that request is sent. On the store's executor it answers when
    // a schedule says, which the search varies: no timing is involved, so no race.
    let ordered = Scenario<PagedLoader>("a next request sent while the load runs on its own") {
      context in
      let (opened, open) = AsyncStream<Void>.makeStream()
      let load: @Sendable (Int) async throws -> [Int] = { page in
        for await _ in opened { break }
        return [page * 10, page * 10 + 1]
      }
      let store = context.store(initial: PagedLoader.State(), machine: PagedLoader(load: load))
      store.send(.next)
      store.send(.next)
      open.yield()
      await store.wait { $0.pagesLoaded == 1 }
    }
    let contract = LoaderContracts.contract(name: "ordered", scenarios: [ordered]) {
      PagedLoader(load: $0)
    }

    let report = await runner.run(contract)

    let scenario = try #require(report.scenarios.first, "no scenario was reported")
    #expect(scenario.failures.isEmpty, "\(scenario.failures)")
  }

  @Test func aSendThatRacesAnEffectFailsTheScenarioNamingTheSendAndTheEffect() async throws {
    // The load is answered from a Dispatch queue, outside the store's executor: it runs on
    // its own while the second request is sent, and when it answers depends on that thread.
    let racing = Scenario<PagedLoader>("a next request sent while the load runs on its own") {
      context in
      let load: @Sendable (Int) async throws -> [Int] = { page in
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async { continuation.resume() }
        }
        return [page * 10, page * 10 + 1]
      }
      let store = context.store(initial: PagedLoader.State(), machine: PagedLoader(load: load))
      store.send(.next)
      store.send(.next)
      await store.wait { $0.pagesLoaded == 1 }
    }
    let contract = LoaderContracts.contract(name: "racing", scenarios: [racing]) {
      PagedLoader(load: $0)
    }

    let report = await runner.run(contract)

    let scenario = try #require(report.scenarios.first, "no scenario was reported")
    try #require(scenario.failures.count == 1, "expected one failure, got \(scenario.failures)")
    let failure = scenario.failures[0]
    #expect(
      failure.hasPrefix(
        "send(.next) at LoopContractsTests/ContractRunnerTests.swift:"),
      "\(failure)")
    #expect(
      failure.contains("raced an effect, so the states the store passed through depend on timing."))
    #expect(
      failure.contains(
        "Happened: the effect of feedback `load` (generation 0), started by send(.next) at LoopContractsTests/ContractRunnerTests.swift:"
      ))
    #expect(
      failure.contains(
        "its next event, .loaded(page: 1, items: [10, 11]), came after the send, and could as well have come before it."
      ))
    #expect(failure.contains("Fix: before the send, `await store.settle()`"))
    // A mutant is judged by the contract's rules: the race kills none, so a runtime fault
    // this clockless loader cannot see survives.
    let strength = await runner.machineMutants(of: contract)
    #expect(strength.mutants.allSatisfy { $0.killedWith?.contains("raced") != true })
    let scaled = strength.mutants.first {
      $0.mutant == "every clock sleep wakes at 2/3 of its duration"
    }
    #expect(scaled?.isKilled == false)
  }

  @Test func aSavedFailureIsReplayedOnTheNextRun() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("regressions-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let saving = ContractRunner(
      options: .init(
        exploration: .init(depth: 6, seed: 7), regressionsDirectory: folder.path,
        saveFailures: true))
    _ = await saving.run(TurnstileContracts.contract { LeakyTurnstile() })

    let replaying = ContractRunner(
      options: .init(
        exploration: .init(depth: 1, randomWalks: 0), regressionsDirectory: folder.path))
    let leaky = await replaying.run(TurnstileContracts.contract { LeakyTurnstile() })
    let fixed = await replaying.run(TurnstileContracts.contract { Turnstile() })

    try #require(leaky.regressions.count == 1, "expected one regression, got \(leaky.regressions)")
    #expect(
      leaky.regressions[0].failure?.hasPrefix(
        #"fails again: invariant "no more passes than coins""#) == true)
    #expect(fixed.regressions.map(\.failure) == [nil])
  }

  @Test func aReportCountsOneFailedCheckPerFailingEntryAndNoneWhenEveryCheckPasses() async {
    let passing = await runner.run(TurnstileContracts.contract { Turnstile() })
    let table = TurnstileContracts.table.filter {
      $0 != Move(.unlocked, on: .coin, to: .unlocked)
    }
    let undeclared = await runner.run(TurnstileContracts.contract({ Turnstile() }, table: table))

    // Three examples, two invariants and the table.
    #expect(passing.counts.checks == 6)
    #expect(passing.counts.failed == 0)
    // The move the table lacks fails the table's one check.
    #expect(undeclared.counts.checks == 6)
    #expect(undeclared.counts.failed == 1)
  }

  @Test func aReportCountsEachCallBudgetAsACheckOfItsOwn() async {
    let report = await runner.run(
      LoaderContracts.contract(name: "loader") { PagedLoader(load: $0) })

    // One example, two invariants, one scenario, its one budget and the table.
    #expect(report.counts.checks == 6)
    #expect(report.counts.failed == 0)
  }

  @Test func progressIsToldWhenEveryCheckOfAContractHasRun() async {
    let told = AwaitableList<ContractRunner.Progress>()
    let runner = ContractRunner(
      options: .init(exploration: .init(depth: 6, seed: 7)), progress: { told.append($0) })

    _ = await runner.run(TurnstileContracts.contract { Turnstile() })

    #expect(told.elements == [.checked(contract: "turnstile")])
  }

  @Test func anInvariantBrokenInTheStateAScenarioStartsFromIsReportedAtTheStart() async throws {
    let start = Scenario<Turnstile>("a turnstile that has let one through for free") { context in
      _ = context.store(initial: Turnstile.State(passes: 1), machine: Turnstile())
    }
    let report = await runner.run(
      TurnstileContracts.contract({ Turnstile() }, examples: [], scenarios: [start]))

    let invariant = try #require(report.invariants.first { $0.name == "no more passes than coins" })
    #expect(
      invariant.failure?.hasSuffix(
        ", reached by scenario: a turnstile that has let one through for free: (start)") == true,
      "\(invariant.failure ?? "")")
  }

  @Test func aLongPathToABrokenInvariantIsLaidOutOneEventPerLineUnderTheState() async throws {
    // Twelve pushes on a locked turnstile change nothing; then the leak, after 17 events.
    let leak = Scenario<LeakyTurnstile>("a leak after many pushes") { context in
      let store = context.store(initial: Turnstile.State(), machine: LeakyTurnstile())
      for event in Array(repeating: Turnstile.Event.push, count: 12) + [
        .coin, .coin, .push, .push, .push,
      ] {
        store.send(event)
      }
      await store.settle()
    }
    let report = await runner.run(
      TurnstileContracts.contract({ LeakyTurnstile() }, examples: [], scenarios: [leak]))

    let invariant = try #require(report.invariants.first { $0.name == "no more passes than coins" })
    // As wide as the state's rendering allows (100 columns from column 4): too wide for one
    // line, so one event a line two columns in from it, ten of them, then how many more.
    let path =
      "[\n" + String(repeating: "      .push,\n", count: 10) + "      … 7 more (17 in all)\n    ]"
    #expect(
      invariant.failure?.hasSuffix("reached by scenario: a leak after many pushes: " + path)
        == true,
      "\(invariant.failure ?? "")")
  }

  @Test func theDiagramIsAMermaidStateDiagramOfTheTable() {
    let contract = TurnstileContracts.contract { Turnstile() }
    #expect(
      contract.diagram == """
        stateDiagram-v2
          [*] --> locked
          locked --> unlocked: coin
          locked --> locked: push
          unlocked --> unlocked: coin
          unlocked --> locked: push
        """)
  }
}
