import Dispatch
import Foundation
import Loop
import LoopSynchronization
import LoopTesting
import Testing

@testable import LoopContracts

/// Schedule exploration finds ordering bugs the default order hides.
///
/// Each bug below is planted in the profile machine (`Support/Profile.swift`), passes its
/// contract under the first-ready schedule 20 times in 20, is found by `schedules` runs of each
/// scenario (first-ready, then those of each search: seeded random, PCT, exhaustive), and the
/// shrunk schedule the failure names fails 20 times in 20 when replayed. Each test runs its
/// contract about 80 times: a longer bound than a single test's.
@Suite(.watchdog(.seconds(60)))
struct ScheduleExplorationTests {
  /// The searches each bug must be found by.
  private static let searches: [ScheduleSearch] = [
    .random, .pct(depth: 2), .exhaustive(preemptions: 2),
  ]

  private func options(
    schedules: Int = 1, search: ScheduleSearch = .random, schedule: Schedule? = nil
  ) -> ContractRunner.Options {
    // Exploration only as deep as the table needs: these tests run a contract 80 times each,
    // and under ThreadSanitizer random walks would hold the pool's threads for minutes.
    var options = ContractRunner.Options(
      exploration: .init(depth: 2, randomWalks: 0, seed: 1), workers: 1)
    options.schedules = schedules
    options.scheduleSearch = search
    options.schedule = schedule
    return options
  }

  /// Start, and let the second pass: the name, the avatar and (with a timeout) the timeout
  /// all wake at the same instant; whichever way the tie goes, the invariants hold.
  private static func loading<M: Machine>(_ machine: @escaping @Sendable (TestClock) -> M)
    -> Scenario<M> where M.State == Profile.State, M.Event == Profile.Event
  {
    Scenario("a profile loads its name and avatar, or times out showing nothing") { context in
      let store = context.store(initial: Profile.State(), machine: machine)
      store.send(.start)
      await store.advance(by: .seconds(1))
      await store.settle()
      context.check(!store.state.isLoading, "the load is over after a second")
    }
  }

  /// Start; the avatar comes; the name's answer is ready to run when the user cancels.
  private static func cancelling<M: Machine>(
    _ machine: @escaping @Sendable (TestClock, ControlledWork<String>) -> M
  ) -> Scenario<M> where M.State == Profile.State, M.Event == Profile.Event {
    Scenario("a cancel drops the profile, even one whose name has just come") { context in
      let work = ControlledWork<String>()
      let store = context.store(initial: Profile.State()) { machine($0, work) }
      store.send(.start)
      await store.advance(by: .seconds(1))
      work.succeed(0, with: "Ada")
      store.send(.cancel)
      await store.settle()
      context.check(store.state == Profile.State(isCancelled: true), "the cancel dropped it")
    }
  }

  /// Checks the three steps on `contract` with `faults` planted, under each search, the
  /// failure naming `invariant` (or the scenario's check of that text); returns how many schedules each search took to find the bug.
  private func hiddenThenFoundThenReplayed<M: Machine>(
    _ contract: Contract<M, Profile.Phase, Profile.Kind>, faults: PlantedFaults = PlantedFaults(),
    schedules: Int = 32, breaking invariant: String
  ) async throws -> [Int] where M.State == Profile.State, M.Event == Profile.Event {
    func run(_ options: ContractRunner.Options) async -> ContractReport {
      await PlantedFaults.$current.withValue(faults) {
        await ContractRunner(options: options).run(contract)
      }
    }
    for _ in 0..<20 {
      let report = await run(options())
      #expect(report.passed, "first-ready hides it: \(report.failures)")
    }
    var found: [Int] = []
    for search in Self.searches {
      let explored = await run(options(schedules: schedules, search: search))
      #expect(!explored.passed, "\(search) finds it")
      let failing = try #require(explored.scenarios.first { $0.schedule != nil })
      let text = try #require(failing.schedule)
      // The rule the trajectory broke, or the scenario's own check.
      #expect(
        failing.failures.contains {
          ($0.hasPrefix("its trajectory broke") && $0.contains(invariant)) || $0 == invariant
        }, "\(failing.failures)")
      #expect(
        failing.failures.last?.hasSuffix("replay it with `conformance --schedule \(text)`") == true,
        "\(failing.failures)")
      // Shrunk: a first-ready schedule with the few preemptions the bug needs.
      let schedule = try #require(Schedule(text))
      #expect(schedule.strategy == .firstReady && (1...2).contains(schedule.preemptions), "\(text)")
      for _ in 0..<20 {
        let replayed = await run(options(schedule: schedule))
        #expect(!replayed.passed, "\(text) replays the failure")
        #expect(replayed.scenarios.first { $0.schedule != nil }?.schedule == text)
      }
      found.append(failing.schedules)
    }
    return found
  }

  @Test func theCorrectProfileHoldsUnderEverySchedule() async {
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), timesOut: true) }, examples: ProfileContracts.otherOrders,
      scenarios: [
        Self.loading { Profile(clock: $0, timesOut: true) },
        Self.cancelling { clock, work in Profile(clock: clock) { try await work.makeWork() } },
      ])
    let report = await ContractRunner(options: options(schedules: 64)).run(contract)
    #expect(report.passed, "\(report.failures)")
    #expect(report.scenarios.map(\.schedules) == [64, 64])
    // The ties go both ways: more than one trajectory each.
    #expect(report.scenarios.allSatisfy { $0.distinctTrajectories > 1 }, "\(report.scenarios)")
    // Test clocks and controlled work resume effects from the test's task: nothing escapes.
    #expect(report.scenarios.allSatisfy { $0.escapedWork.isEmpty }, "\(report.scenarios)")
  }

  @Test func workOutsideTheExecutorIsNamedByItsFeedbackAndNoSearchClaimsToBeComplete() async {
    // The name comes from a Dispatch queue: a thread that runs no task resumes the effect.
    let outside: @Sendable () async throws -> String = {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: "Ada") }
      }
    }
    // The name comes first, every time: the moves of that order.
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), name: outside) },
      table: ProfileContracts.explored + [
        .init(.loading, on: .nameLoaded, to: .loading),
        .init(.loading, on: .avatarLoaded, to: .loaded),
      ],
      scenarios: [Self.loading { Profile(clock: $0, name: outside) }])
    let report = await ContractRunner(
      options: options(schedules: 64, search: .exhaustive(preemptions: 2))
    ).run(contract)
    #expect(report.passed, "\(report.failures)")
    #expect(report.scenarios.map(\.escapedWork) == [["feedback `name`"]])
    #expect(report.scenarios.map(\.allSchedulesRun) == [false])
  }

  @Test func anExhaustiveSearchRunsEveryScheduleWithinItsBoundAndSaysSo() async {
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), timesOut: true) }, examples: ProfileContracts.otherOrders,
      scenarios: [
        Self.loading { Profile(clock: $0, timesOut: true) },
        Self.cancelling { clock, work in Profile(clock: clock) { try await work.makeWork() } },
      ])
    let report = await ContractRunner(
      options: options(schedules: 200, search: .exhaustive(preemptions: 1))
    ).run(contract)
    #expect(report.passed, "\(report.failures)")
    // Every schedule within one preemption is fewer than 200: the search ran them all.
    #expect(report.scenarios.allSatisfy { $0.allSchedulesRun == true && $0.schedules < 200 })
    // Too few runs for all of them: the report does not claim it.
    let cut = await ContractRunner(
      options: options(schedules: 2, search: .exhaustive(preemptions: 1))
    ).run(contract)
    #expect(cut.scenarios.map(\.allSchedulesRun) == [false, false])
  }

  @Test func shrinkingAFailingScheduleRunsTheScenarioAtMostShrinkRunsTimes() async throws {
    for limit in [0, 2, 100] {
      let runs = Mutex(0)
      let loading = Self.loading { Profile(clock: $0, bug: .avatarOutlivesACancel, timesOut: true) }
      let counted = Scenario<Profile>(loading.name) { context in
        runs.withLock { $0 += 1 }
        try await loading.run(context)
      }
      var limited = options(schedules: 32)
      limited.shrinkRuns = limit
      let report = await ContractRunner(options: limited).run(
        ProfileContracts.contract(
          { Profile(clock: TestClock(), bug: .avatarOutlivesACancel, timesOut: true) },
          examples: ProfileContracts.otherOrders, scenarios: [counted]))

      let failure = try #require(
        report.scenarios.first?.failures.first { $0.hasPrefix("under schedule") })
      let searched = try #require(
        failure.firstMatch(of: /\(run ([0-9]+) of/).flatMap { Int($0.output.1) })
      let shrinking = runs.withLock { $0 } - searched
      #expect(shrinking <= limit, "\(failure)")
      // Here shrinking takes 5 runs: a limit of 2 stops it early, and 0 leaves it as found.
      #expect(failure.contains(", shrunk to ") == (limit > 0), "\(failure)")
    }
  }

  @Test func aFailingScheduleIsSavedAndReplayedAsARegressionUntilTheBugIsFixed() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("schedule-regressions-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func contract(_ bug: Profile.Bug?) -> Contract<Profile, Profile.Phase, Profile.Kind> {
      ProfileContracts.contract(
        { Profile(clock: TestClock(), bug: bug, timesOut: true) },
        examples: ProfileContracts.otherOrders,
        scenarios: [Self.loading { Profile(clock: $0, bug: bug, timesOut: true) }])
    }
    var saving = options(schedules: 32)
    saving.regressionsDirectory = folder
    saving.saveFailures = true
    let found = await ContractRunner(options: saving).run(contract(.avatarOutlivesACancel))
    let text = try #require(found.scenarios.first?.schedule)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/profile")
    #expect(
      files == ["schedule-a-profile-loads-its-name-and-avatar-or-times-out-showing-not.json"])

    // First-ready alone passes the scenario, but the saved schedule fails it again...
    var replaying = options()
    replaying.regressionsDirectory = folder
    let again = await ContractRunner(options: replaying).run(contract(.avatarOutlivesACancel))
    #expect(again.scenarios.allSatisfy { $0.failures.isEmpty })
    let regression = try #require(again.regressions.first { $0.file == files.first })
    #expect(
      regression.failure?.hasPrefix("fails again under schedule \(text): ") == true,
      "\(regression)")
    #expect(!again.passed)
    // ...until the feedback is fixed.
    let fixed = await ContractRunner(options: replaying).run(contract(nil))
    #expect(fixed.passed, "\(fixed.failures)")
    #expect(fixed.regressions.contains { $0.file == files.first && $0.failure == nil })
  }

  @Test func theDepthFirstWalkVisitsEveryScheduleWithinTheBoundOnce() {
    // A run with three choices of two options each, whichever choices it is given.
    func walk(bound: Int) -> [[Int]] {
      var ran = [0, 0, 0]
      var seen = [ran]
      while let next = ScheduleQueue.nextDepthFirst(
        after: ran, choicePoints: [2, 2, 2], bound: bound)
      {
        ran = next.choices + Array(repeating: 0, count: 3 - next.choices.count)
        seen.append(ran)
      }
      return seen
    }
    #expect(walk(bound: 3).count == 8)
    #expect(Set(walk(bound: 3)).count == 8)
    #expect(walk(bound: 1) == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]])
    #expect(walk(bound: 0) == [[0, 0, 0]])
  }

  @Test func aReducerThatAssumesWhichOfTwoAnswersComesFirstIsFound() async throws {
    let contract = ProfileContracts.contract(
      { PlantedProfile<NameEndsTheLoad>(profile: Profile(clock: TestClock())) },
      table: ProfileContracts.explored + ProfileContracts.avatarThenName,
      scenarios: [Self.loading { PlantedProfile<NameEndsTheLoad>(profile: Profile(clock: $0)) }])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, breaking: "a loaded profile shows its name and its avatar")
    #expect(schedules.allSatisfy { $0 > 1 }, "\(schedules)")
  }

  @Test func aReducerThatAssumesNoAnswerComesBetweenItAndATapIsFound() async throws {
    let contract = ProfileContracts.contract(
      { PlantedProfile<CancelClearsOnlyWhileLoading>(profile: Profile(clock: TestClock())) },
      // Every order's moves but the cancel of a loaded profile, which only the bug's order
      // makes; the rows of the other orders as examples.
      table: ProfileContracts.everyOrder.filter { !($0.from == .loaded && $0.event == .cancel) },
      examples: Array(ProfileContracts.otherOrders.prefix(2)),
      scenarios: [
        Self.loading { PlantedProfile<CancelClearsOnlyWhileLoading>(profile: Profile(clock: $0)) },
        Self.cancelling { clock, work in
          PlantedProfile<CancelClearsOnlyWhileLoading>(
            profile: Profile(clock: clock) { try await work.makeWork() })
        },
      ])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, breaking: "a cancelled profile shows nothing")
    #expect(schedules.allSatisfy { $0 > 1 }, "\(schedules)")
  }

  @Test func aFeedbackWhoseKeyOutlivesACancelIsFound() async throws {
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), bug: .avatarOutlivesACancel, timesOut: true) },
      examples: ProfileContracts.otherOrders,
      scenarios: [Self.loading { Profile(clock: $0, bug: .avatarOutlivesACancel, timesOut: true) }])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, breaking: "a cancelled profile shows nothing")
    #expect(schedules.allSatisfy { $0 > 1 }, "\(schedules)")
  }

  @Test func effectsThatAssumeWhichOfThemWakesFirstAreFound() async throws {
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), bug: .nameReadsTheAvatarsCache) },
      examples: ProfileContracts.otherOrders,
      scenarios: [Self.loading { Profile(clock: $0, bug: .nameReadsTheAvatarsCache) }])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, breaking: "the load is over after a second")
    #expect(schedules.allSatisfy { $0 > 1 }, "\(schedules)")
  }

  @Test func aTestClockThatWakesTwoDeadlinesTogetherIsFound() async throws {
    // The answers come at one second, the timeout at two: they must win.
    let beforeTheTimeout = Scenario<Profile>("answers at one second beat a timeout at two") {
      context in
      let store = context.store(initial: Profile.State()) {
        Profile(clock: $0, timesOut: true, timeout: .seconds(2))
      }
      store.send(.start)
      await store.advance(by: .seconds(2))
      context.check(
        store.state == Profile.State(name: "Ada", avatar: "🙂"), "the answers beat the timeout")
    }
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), timesOut: true, timeout: .seconds(2)) },
      examples: ProfileContracts.otherOrders, scenarios: [beforeTheTimeout])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, faults: PlantedFaults(advancesInOneStep: true),
      breaking: "the answers beat the timeout")
    #expect(schedules.allSatisfy { $0 > 1 }, "\(schedules)")
    // The correct clock passes every schedule within two preemptions.
    var every = options(schedules: 64, search: .exhaustive(preemptions: 2))
    every.exploration = .init(depth: 2, randomWalks: 0, seed: 1)
    let correct = await ContractRunner(options: every).run(contract)
    #expect(correct.passed, "\(correct.failures)")
    #expect(correct.scenarios.map(\.allSchedulesRun) == [true])
  }

  @Test func aRuntimeThatReducesStaleEventsIsFoundWhereATimeoutTies() async throws {
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), timesOut: true) }, examples: ProfileContracts.otherOrders,
      scenarios: [Self.loading { Profile(clock: $0, timesOut: true) }])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, faults: PlantedFaults(runtime: RuntimeFaults(acceptsStaleEvents: true)),
      breaking: "a cancelled profile shows nothing")
    #expect(schedules.allSatisfy { $0 > 1 }, "\(schedules)")
  }
}

extension ScheduleExplorationTests {
  @Test func aFailingScheduleIsShrunkToTheOnePreemptionTheFailureNeeds() async throws {
    // Four rounds of two answers, settled one by one: each round is one choice between the
    // two answers ready together. Only the last round's order is checked, so the schedule
    // that fails with the fewest choices and preemptions takes the first answer ready in the
    // first three rounds and the second in the last.
    let rounds = Scenario<Pair>("the last round's answers come in the order they were asked") {
      context in
      let store = context.store(initial: Pair.State(), machine: Pair())
      for _ in 0..<4 {
        store.send(.ask)
        await store.settle()
      }
      context.check(
        Array(store.state.answers.suffix(2)) == ["a", "b"], "the last round came in order")
    }
    let contract = Contract<Pair, Pair.Phase, Pair.Kind>(
      name: "pair", initialStates: [Pair.State()], phase: { _ in .asking },
      table: [Move(.asking, on: .ask, to: .asking), Move(.asking, on: .answered, to: .asking)],
      scenarios: [rounds], alphabet: { _ in [.ask, .answered("a")] }, makeMachine: { Pair() })

    let report = await ContractRunner(options: options(schedules: 32)).run(contract)

    let scenario = try #require(report.scenarios.first)
    #expect(scenario.schedule == "first-ready/0.0.0.1", "\(scenario.failures)")
  }
}
