import Loop
import TestSupport
import Testing

@testable import LoopTesting

/// How the monitor wakes a waiting test: only on a change that can decide its wait; and its
/// one wall-clock guard (the watchdog) against a store that stops changing, which ends each
/// wait at that wait's own timeout and never keeps a test store alive.
@Suite(.watchdog)
struct StoreMonitorTests {
  /// A store with no feedbacks: it changes only when the test sends.
  private func counter() -> TestStore<Int, Int> {
    TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state += event }, feedbacks: [],
      exhaustivity: .off)
  }

  /// Yields until `count` waits are suspended on `store`'s monitor.
  private func waitersOf(_ store: TestStore<Int, Int>, reach count: Int) async {
    while store.monitor.waiting < count { await Task.yield() }
  }

  @Test func settleIsWokenOnlyWhenTheStoreBecomesQuietOrHasAJobToRunNotByEveryEvent() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state += event },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      exhaustivity: .off)
    let settled = Task { await store.settle(timeout: .seconds(600)) }
    await waitersOf(store, reach: 1)

    for value in 1...5 { store.send(value) }
    // Five events reduced, none of them made the store quiet or gave its effect a job: the
    // settle still sleeps.
    #expect(store.state == 15)
    #expect(store.monitor.wakes == 0)
    #expect(store.monitor.waiting == 1)

    // The subscription's task has a job now, which only the settle runs: it wakes, runs it,
    // and the effect ends, so the store is quiet.
    continuation.finish()
    await settled.value
    #expect(store.monitor.waiting == 0)
    #expect(store.state == 15)
  }

  @Test func aShortWaitTimesOutAtItsOwnTimeoutWhileALongerOneIsPending() async throws {
    let store = counter()
    let long = Task { await store.waitForCurrentState(timeout: .seconds(600)) { $0 == 1 } }
    await waitersOf(store, reach: 1)

    // The watchdog was set for the long wait's deadline, ten minutes away; this one must end
    // after 20 ms (the suite's watchdog fails the test long before ten minutes).
    await withKnownIssue {
      await store.waitForCurrentState(timeout: .milliseconds(20)) { $0 == 2 }
    } matching: { issue in
      message(of: issue).contains("it did not, and the store went 0.02 seconds without any change")
    }

    store.send(1)
    await long.value
    #expect(store.state == 1)
  }

  /// A store fed by `stream`, whose watchdog counts on `watchdog`.
  private func subscribed(
    to stream: AsyncStream<Int>, watchdog: TestClock, line: UInt = #line
  ) -> TestStore<Int, Int> {
    TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state += event },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      clock: nil, exhaustivity: .off,
      site: CallSite(fileID: #fileID, filePath: #filePath, line: line, column: 1),
      watchdogClock: WatchdogClock(watchdog))
  }

  /// Waits until the watchdog sleeps on `watchdog` (again, after a look).
  private func watchdogSleeps(on watchdog: TestClock) async throws {
    try await bounded("the watchdog to sleep") { try await watchdog.waitForSleepers(count: 1) }
  }

  @Test func looksOnTimeEndAWaitOnceItsTimeoutIsCounted() async throws {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: watchdog)
    try await withKnownIssue {
      async let waited: Void = store.waitForCurrentState(timeout: .milliseconds(120)) { $0 == 1 }
      // A look every tick (50 ms), then one at the timeout's end.
      for step in [50, 50] {
        try await watchdogSleeps(on: watchdog)
        await watchdog.advance(by: .milliseconds(step))
      }
      try await watchdogSleeps(on: watchdog)
      #expect(store.monitor.waiting == 1)
      await watchdog.advance(by: .milliseconds(20))
      await waited
    } matching: { issue in
      message(of: issue).contains("it did not, and the store went 0.12 seconds without any change")
    }
    continuation.finish()
  }

  @Test func aLookMoreThanATickLateCountsOnlyATick() async throws {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: watchdog)
    let waited = Task { await store.waitForCurrentState(timeout: .milliseconds(300)) { $0 == 1 } }
    try await watchdogSleeps(on: watchdog)

    // The watchdog was due at 50 ms and looks at 450 ms: every thread of the pool was held by
    // other work meanwhile (a long synchronous test beside this one), so the effects could
    // not answer either. Only a tick of that time is counted: the wait goes on.
    await watchdog.advance(by: .milliseconds(450))
    try await watchdogSleeps(on: watchdog)
    #expect(store.monitor.waiting == 1)

    // The answer comes on the next tick, and ends the wait.
    continuation.yield(1)
    await waited.value
    #expect(store.state == 1)
    continuation.finish()
  }

  @Test func aMachineOnWhichEveryLookIsLateStillEndsAWaitOnAStoreThatStoppedChanging()
    async throws
  {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: watchdog)
    try await withKnownIssue {
      async let waited: Void = store.waitForCurrentState(timeout: .milliseconds(120)) { $0 == 1 }
      // Every look comes 400 ms late. Each counts one tick: 50 ms, then 100 ms...
      for _ in 1...2 {
        try await watchdogSleeps(on: watchdog)
        await watchdog.advance(by: .milliseconds(450))
      }
      try await watchdogSleeps(on: watchdog)
      #expect(store.monitor.waiting == 1)
      // ...and the third ends the wait, as late as the others.
      await watchdog.advance(by: .milliseconds(450))
      await waited
    } matching: { issue in
      message(of: issue).contains("it did not, and the store went 0.12 seconds without any change")
    }
    continuation.finish()
  }

  @Test func aWaitEndsWhenItsTimeoutIsCountedThoughALongerOneIsDueLater() async throws {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: watchdog)
    #expect(store.state == 0)  // the subscription's first job has run: no job comes later
    let long = Task { await store.waitForCurrentState(timeout: .seconds(1)) { $0 == 1 } }
    await waitersOf(store, reach: 1)
    let short = Task {
      await withKnownIssue {
        await store.waitForCurrentState(timeout: .milliseconds(70)) { $0 == 2 }
      } matching: { issue in
        message(of: issue).contains(
          "it did not, and the store went 0.07 seconds without any change")
      }
    }
    await waitersOf(store, reach: 2)

    // A look at 50 ms counts a tick for both: the short wait has 20 ms left, the long 950 ms.
    try await watchdogSleeps(on: watchdog)
    await watchdog.advance(by: .milliseconds(50))
    try await watchdogSleeps(on: watchdog)
    // The next look is when the short wait's 20 ms are up, and ends it.
    await watchdog.advance(by: .milliseconds(20))
    try await watchdogSleeps(on: watchdog)
    #expect(store.monitor.waiting == 1)

    await watchdog.advance(by: .milliseconds(30))
    await short.value
    continuation.yield(1)
    await long.value
    continuation.finish()
  }

  @Test func aChangeThatLeavesTheStoreBusyStartsTheTimeoutOfAWaitAgain() async throws {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: watchdog)
    #expect(store.state == 0)  // the subscription's first job has run: no job comes later
    let settled = Task { await store.settle(timeout: .milliseconds(120)) }
    await waitersOf(store, reach: 1)

    // 50 ms without any change, then an event: the store changed and is still busy (its
    // subscription runs on its own), so the settle sleeps on and counts from here.
    try await watchdogSleeps(on: watchdog)
    await watchdog.advance(by: .milliseconds(50))
    try await watchdogSleeps(on: watchdog)
    store.send(1)
    #expect(store.monitor.waiting == 1)

    // 120 ms since the settle began, only 70 ms without any change: it goes on.
    await watchdog.advance(by: .milliseconds(50))
    try await watchdogSleeps(on: watchdog)
    await watchdog.advance(by: .milliseconds(20))
    try await watchdogSleeps(on: watchdog)
    #expect(store.monitor.waiting == 1)

    continuation.finish()
    await settled.value
    #expect(store.state == 1)
  }

  @Test func aWaitThatBeginsAfterTheLastOneTimedOutTimesOutToo() async throws {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: watchdog)
    let timedOut: @Sendable (Issue) -> Bool = { issue in
      message(of: issue).contains("it did not, and the store went 0.05 seconds without any change")
    }
    try await withKnownIssue {
      async let waited: Void = store.waitForCurrentState(timeout: .milliseconds(50)) { $0 == 1 }
      try await watchdogSleeps(on: watchdog)
      await watchdog.advance(by: .milliseconds(50))
      await waited
    } matching: {
      timedOut($0)
    }
    #expect(store.monitor.waiting == 0)  // the watchdog stopped: no wait was left

    // The next wait has a watchdog again, which ends it at its own timeout.
    let next = Task {
      await withKnownIssue {
        await store.waitForCurrentState(timeout: .milliseconds(50)) { $0 == 1 }
      } matching: {
        timedOut($0)
      }
    }
    await waitersOf(store, reach: 1)
    try await watchdogSleeps(on: watchdog)
    await watchdog.advance(by: .milliseconds(50))
    await next.value
    continuation.finish()
  }

  @Test func aSecondWaitOnAnUnchangedStoreSuspendsUntilAChange() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    // The watchdog's clock never moves: the first wait's watchdog stays due at 50 ms.
    let store = subscribed(to: stream, watchdog: TestClock())
    #expect(store.state == 0)  // the subscription's first job has run: no job comes later
    let version = store.monitor.read { $0.version }
    let first = Task {
      await store.monitor.waitForChange(after: version, until: .newState, timeout: .seconds(600))
    }
    await waitersOf(store, reach: 1)
    // Due no sooner than the watchdog already sleeping for the first.
    let second = Task {
      await store.monitor.waitForChange(after: version, until: .newState, timeout: .seconds(600))
    }
    await waitersOf(store, reach: 2)

    store.send(1)
    #expect(await first.value)
    #expect(await second.value)
    #expect(store.monitor.wakes == 2)  // both were resumed by the change, each once
    continuation.finish()
  }

  @Test func newStateOrQuietIsMetByANewStateOfABusyStoreNotBefore() {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = subscribed(to: stream, watchdog: TestClock())
    let seen = store.monitor.read { $0.states.count }
    let isMet = {
      store.monitor.read { book in
        WakeCondition.newStateOrQuiet.isMet(by: book, statesSeen: seen)
      }
    }
    #expect(!isMet())  // busy (the subscription runs on its own), and no new state
    store.send(1)
    #expect(isMet())
    continuation.finish()
  }

  @Test func aTestStoreIsReleasedWhileItsWatchdogSleeps() async throws {
    weak var monitor: StoreMonitor<Int, Int>?
    do {
      let store = counter()
      monitor = store.monitor
      let wait = Task { await store.waitForCurrentState(timeout: .seconds(600)) { $0 == 1 } }
      await waitersOf(store, reach: 1)
      store.send(1)
      await wait.value
      // The watchdog still sleeps towards the ten-minute deadline of the wait that ended.
    }
    #expect(monitor == nil)
  }
}
