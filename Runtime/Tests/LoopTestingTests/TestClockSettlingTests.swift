import Loop
import LoopTesting
import TestSupport
import Testing

/// `await clock.advance(by:)` on a clock that serves a `TestStore`: the obvious test (send,
/// advance the clock, expect the effect) passes every time, because the clock lets the store
/// settle before time moves, so the sleep `send` started is on the clock.
@Suite(.watchdog(WaitBound.repeatedRaces))
struct TestClockSettlingTests {
  @Test func theDebounceFiresAtItsDeadlineEveryTimeWhenTheClockIsAdvancedRightAfterSend()
    async
  {
    var misses: [Int] = []
    for run in 0..<1_000 {
      let harness = SampleHarness()
      let store = harness.store(.off)
      store.send(.typed("swift"))
      await harness.clock.advance(by: .milliseconds(299))
      let early = harness.calls.count
      await harness.clock.advance(by: .milliseconds(1))
      if early != 0 || harness.calls.arguments != ["swift"] { misses.append(run) }
    }
    #expect(
      misses.isEmpty,
      "the debounce missed in \(misses.count) of 1,000 runs, first \(misses.prefix(5))")
  }

  @Test func theClockSettlesEveryStoreItServesAtEachDeadline() async {
    let harness = SampleHarness()
    let first = harness.store(.off)
    let second = TestStore(
      initial: SampleSearch.State(), machine: harness.machine, clock: harness.clock,
      exhaustivity: .off)
    first.send(.typed("swift"))
    await harness.clock.advance(by: .milliseconds(100))
    second.send(.typed("loop"))
    await harness.clock.advance(by: .milliseconds(300))
    // The first debounce woke at +300 ms, the second at +400 ms: both searches ran.
    #expect(Set(harness.calls.arguments) == ["swift", "loop"])
    #expect(first.state.request == "swift")
    #expect(second.state.request == "loop")
  }

  @Test func aClockThatServesNoStoreMovesAsTheSynchronousAdvanceDoes() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(until: .zero.advanced(by: .milliseconds(300))) }
    try await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    try await sleeper.value()
    #expect(clock.now == .zero.advanced(by: .milliseconds(500)))
  }

  @Test func advancingToADeadlineSettlesTheStoreAndWakesTheSleepDueThere() async {
    let harness = SampleHarness()
    let store = harness.store(.off)
    store.send(.typed("swift"))
    await harness.clock.advance(to: .zero.advanced(by: .milliseconds(300)))
    #expect(harness.clock.now == .zero.advanced(by: .milliseconds(300)))
    #expect(harness.calls.arguments == ["swift"])
    #expect(store.state.request == "swift")
  }

  @Test func theClockStaysWhereAStoreItServesCouldNotSettle() async {
    let clock = TestClock()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 > 0 ? $0 : nil }, name: "spin",
          effect: { _ in
            // Each yield is a job, and none changes anything: the effect runs away.
            while !Task.isCancelled { await Task.yield() }
            return nil
          })
      ],
      clock: clock, exhaustivity: .off, schedule: .firstReady, jobsWithoutProgress: 100)
    store.send(1)
    await withKnownIssue {
      await clock.advance(by: .milliseconds(300))
    } matching: { issue in
      message(of: issue).contains("The store's effects ran away.")
    }
    #expect(clock.now == .zero)
  }

  @Test func aClockThatMovesInOneStepStillSettlesItsStoresAfterTheMove() async {
    // The planted fault of the schedule explorer's tests: the sleeps due on the way wake
    // together, at the target; the stores still settle then, before `advance` returns.
    let clock = PlantedFaults.$current.withValue(PlantedFaults(advancesInOneStep: true)) {
      TestClock()
    }
    let work = ControlledWork<[String]>()
    let calls = CallLog<String>()
    let machine = SampleSearch(
      search: calls.recording { [work] _ in try await work.makeWork() },
      ticker: { ControlledStream<Int>().makeStream() }, clock: clock)
    // With a schedule, only the test's waits run the store's jobs.
    let store = TestStore(
      initial: SampleSearch.State(), reducer: SampleSearch.reducer, feedbacks: machine.feedbacks,
      clock: clock, exhaustivity: .off, schedule: .firstReady)
    store.send(.typed("swift"))
    await clock.advance(by: .milliseconds(500))
    #expect(calls.arguments == ["swift"])
    #expect(store.state.request == "swift")
  }

  @Test func aStoreThatCannotSettleIsReportedAtTheClocksCallSite() async {
    let gate = WorkGate()
    let clock = TestClock()
    let machine = SampleSearch(
      search: { _ in
        await gate.wait()  // real work, not an instrument: the store stays busy
        return []
      }, ticker: { ControlledStream<Int>().makeStream() }, clock: clock)
    let store = TestStore(
      initial: SampleSearch.State(request: "swift"), machine: machine, clock: clock,
      exhaustivity: .off)
    await withKnownIssue {
      await clock.advance(by: .milliseconds(300))
    } matching: { issue in
      message(of: issue).contains("settle() failed.\n  Expected: the store to become quiet.")
        && issue.sourceLocation?.fileName == "TestClockSettlingTests.swift"
    }
    gate.open()
    await store.wait { $0.request == nil }
  }
}
