import Loop
import LoopContracts
import LoopTesting
import Testing

/// Schedule exploration finds ordering bugs the default order hides.
///
/// Each bug below is planted in the profile machine (`Support/Profile.swift`), passes its
/// contract under the first-ready schedule 20 times in 20, is found by `schedules` runs of each
/// scenario (first-ready, then seeded random ones), and the schedule the failure names fails
/// 20 times in 20 when replayed. Each test runs its contract 41 times: a longer bound than a
/// single test's.
@Suite(.watchdog(.seconds(30)))
struct ScheduleExplorationTests {
  private func options(schedules: Int = 1, schedule: Schedule? = nil) -> ContractRunner.Options {
    // Exploration only as deep as the table needs: these tests run a contract 41 times each,
    // and under ThreadSanitizer random walks would hold the pool's threads for minutes.
    var options = ContractRunner.Options(
      exploration: .init(depth: 2, randomWalks: 0, seed: 1), workers: 1)
    options.schedules = schedules
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

  /// Checks the three steps on `contract` with `faults` planted, the exploration's failure
  /// naming `invariant`; returns how many schedules found the bug.
  private func hiddenThenFoundThenReplayed<M: Machine>(
    _ contract: Contract<M, Profile.Phase, Profile.Kind>, faults: PlantedFaults = PlantedFaults(),
    schedules: Int = 32, breaking invariant: String
  ) async throws -> Int where M.State == Profile.State, M.Event == Profile.Event {
    func run(_ options: ContractRunner.Options) async -> ContractReport {
      await PlantedFaults.$current.withValue(faults) {
        await ContractRunner(options: options).run(contract)
      }
    }
    for _ in 0..<20 {
      let report = await run(options())
      #expect(report.passed, "first-ready hides it: \(report.failures)")
    }
    let explored = await run(options(schedules: schedules))
    #expect(!explored.passed)
    let failing = try #require(explored.scenarios.first { $0.schedule != nil })
    let text = try #require(failing.schedule)
    #expect(
      failing.failures.contains { $0.hasPrefix("its trajectory broke") && $0.contains(invariant) },
      "\(failing.failures)")
    #expect(
      failing.failures.last?.hasSuffix("replay it with `conformance --schedule \(text)`") == true,
      "\(failing.failures)")
    let schedule = try #require(Schedule(text))
    for _ in 0..<20 {
      let replayed = await run(options(schedule: schedule))
      #expect(!replayed.passed, "\(text) replays the failure")
      #expect(replayed.scenarios.first { $0.schedule != nil }?.schedule == text)
    }
    return failing.schedules
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
  }

  @Test func aReducerThatAssumesWhichOfTwoAnswersComesFirstIsFound() async throws {
    let contract = ProfileContracts.contract(
      { PlantedProfile<NameEndsTheLoad>(profile: Profile(clock: TestClock())) },
      table: ProfileContracts.explored + ProfileContracts.avatarThenName,
      scenarios: [Self.loading { PlantedProfile<NameEndsTheLoad>(profile: Profile(clock: $0)) }])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, breaking: "a loaded profile shows its name and its avatar")
    #expect(schedules > 1)
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
    #expect(schedules > 1)
  }

  @Test func aRuntimeThatReducesStaleEventsIsFoundWhereATimeoutTies() async throws {
    let contract = ProfileContracts.contract(
      { Profile(clock: TestClock(), timesOut: true) }, examples: ProfileContracts.otherOrders,
      scenarios: [Self.loading { Profile(clock: $0, timesOut: true) }])
    let schedules = try await hiddenThenFoundThenReplayed(
      contract, faults: PlantedFaults(runtime: RuntimeFaults(acceptsStaleEvents: true)),
      breaking: "a cancelled profile shows nothing")
    #expect(schedules > 1)
  }
}
