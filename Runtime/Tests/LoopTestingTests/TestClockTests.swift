import LoopSynchronization
import TestSupport
import Testing

@testable import Loop
@testable import LoopTesting

/// The test clock with real tasks sleeping on it.
///
/// No test sleeps or yields to find out whether a task is asleep: each awaits
/// `waitForSleepers(_:)`, the bounded form of `waitForSleepers(count:)`, which the clock resumes
/// when its count of sleepers changes. The watchdog is only a guard against a hang.
@Suite(.watchdog)
struct TestClockTests {
  private func at(_ milliseconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .milliseconds(milliseconds))
  }

  /// A task sleeping on `clock` until `deadline`; its value is the instant it woke at.
  private func sleeper(
    on clock: TestClock, until deadline: TestClock.Instant
  ) -> Task<TestClock.Instant, any Error> {
    Task {
      try await clock.sleep(until: deadline)
      return clock.now
    }
  }

  @Test func aSleeperWakesExactlyAtItsDeadlineWhenAdvancedByEnough() async throws {
    let clock = TestClock()
    let task = sleeper(on: clock, until: at(300))
    try await clock.waitForSleepers(1)

    await clock.advance(by: .milliseconds(299))
    #expect(clock.now == at(299))
    #expect(clock.sleepers == [at(300)])

    await clock.advance(by: .milliseconds(1))
    #expect(clock.sleepers.isEmpty)
    #expect(try await task.value() == at(300))
  }

  @Test func sleepersWakeInDeadlineOrderWhenAdvancedToEachNextDeadline() async throws {
    let clock = TestClock()
    let tasks = [300, 100, 200].map { sleeper(on: clock, until: at($0)) }
    try await clock.waitForSleepers(3)
    #expect(clock.sleepers == [at(100), at(200), at(300)])

    for (deadline, index) in [(100, 1), (200, 2), (300, 0)] {
      let next = try #require(clock.nextDeadline)
      #expect(next == at(deadline))
      await clock.advance(to: next)
      // The woken sleeper reads the clock before the test moves it again.
      #expect(try await tasks[index].value() == at(deadline))
    }
    #expect(clock.nextDeadline == nil)
  }

  @Test func advancingToAnInstantWakesOnlyTheSleepersDueByThenWhenSomeAreLater() async throws {
    let clock = TestClock()
    let early = sleeper(on: clock, until: at(100))
    let middle = sleeper(on: clock, until: at(200))
    let late = sleeper(on: clock, until: at(300))
    try await clock.waitForSleepers(3)

    await clock.advance(to: at(250))
    #expect(clock.now == at(250))
    #expect(clock.sleepers == [at(300)])
    // One advance wakes both at once: they run with the clock at the target.
    #expect(try await early.value() == at(250))
    #expect(try await middle.value() == at(250))

    await clock.advance(to: at(300))
    #expect(try await late.value() == at(300))
  }

  @Test func runWakesEverySleeperAndMovesToTheLatestDeadlineWhenSleepersWait() async throws {
    let clock = TestClock()
    let short = sleeper(on: clock, until: at(100))
    let long = sleeper(on: clock, until: at(2_000))
    try await clock.waitForSleepers(2)

    clock.run()
    #expect(clock.now == at(2_000))
    #expect(clock.activeSleeperCount == 0)
    #expect(try await short.value() == at(2_000))
    #expect(try await long.value() == at(2_000))
  }

  @Test func runLeavesNowAloneWhenNothingSleeps() {
    let clock = TestClock(now: at(40))
    clock.run()
    #expect(clock.now == at(40))
  }

  @Test func aSleepReturnsAtOnceWhenItsDeadlineHasPassed() async throws {
    let clock = TestClock(now: at(500))
    try await clock.sleep(until: at(500))
    try await clock.sleep(until: at(100))
    try await clock.sleep(for: .zero)
    #expect(clock.now == at(500))
    #expect(clock.maximumActiveSleeperCount == 0)
  }

  @Test func aSleepLeavesAtOnceWithCancellationErrorWhenItsTaskIsCancelled() async throws {
    let clock = TestClock()
    let cancelled = sleeper(on: clock, until: at(300))
    let other = sleeper(on: clock, until: at(400))
    try await clock.waitForSleepers(2)

    cancelled.cancel()
    let result = try await cancelled.result()
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleepers == [at(400)])
    #expect(clock.activeSleeperCount == 1)
    #expect(clock.now == .zero)

    await clock.advance(to: at(400))
    #expect(try await other.value() == at(400))
  }

  @Test func aSleepThrowsWithoutSuspendingWhenItsTaskIsAlreadyCancelled() async throws {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(until: at(300))
    }
    await #expect(throws: CancellationError.self) { try await task.value() }
    #expect(clock.maximumActiveSleeperCount == 0)
  }

  @Test func theHighWaterMarkTellsARenewedTimerFromAccumulatedTimersWhenTheyHaveLeft()
    async throws
  {
    let clock = TestClock()
    let first = sleeper(on: clock, until: at(100))
    try await clock.waitForSleepers(1)
    first.cancel()
    _ = try await first.result()
    let renewed = sleeper(on: clock, until: at(200))
    try await clock.waitForSleepers(1)
    #expect(clock.maximumActiveSleeperCount == 1)

    let accumulated = sleeper(on: clock, until: at(300))
    try await clock.waitForSleepers(2)
    clock.run()
    _ = (try await renewed.value(), try await accumulated.value())
    #expect(clock.activeSleeperCount == 0)
    #expect(clock.maximumActiveSleeperCount == 2)
  }

  @Test func advancingBackwardsReportsAFailureWhenTheTargetIsBeforeNow() {
    let clock = TestClock(now: at(500))
    withKnownIssue {
      clock.advance(to: at(300))
    } matching: { issue in
      issue.description.contains("Expected: an instant at or after now (+500 ms).")
        && issue.description.contains("Happened: it was asked to go back to +300 ms.")
        && issue.description.contains("advance to a later instant")
    }
    #expect(clock.now == at(500))
  }

  @Test func advancingByANegativeDurationReportsAFailureAtTheCallerWhenGivenOne() {
    let clock = TestClock(now: at(500))
    withKnownIssue {
      clock.advance(
        by: .milliseconds(-200), fileID: "Feature/FeatureTests.swift",
        filePath: "/src/Feature/FeatureTests.swift", line: 42, column: 7)
    } matching: { issue in
      issue.description.contains("was asked to move by -200 ms, from +500 ms back to +300 ms")
        && issue.description.contains("advance by a non-negative duration")
        && issue.sourceLocation?.fileID == "Feature/FeatureTests.swift"
        && issue.sourceLocation?.line == 42
    }
    #expect(clock.now == at(500))
  }

  @Test func aSleepCountsAsAWaitOnTheClockUntilJustBeforeItsTaskResumes() async throws {
    let clock = TestClock()
    let log = WaitLog()
    let task = Task {
      try await EffectScope.$current.withValue(log.scope) {
        try await clock.sleep(until: at(300))
        return log.events
      }
    }
    try await clock.waitForSleepers(1)
    // Begun while registering: a registered sleeper is always a counted wait.
    #expect(log.events == ["began: sleeping on the TestClock until +300 ms"])

    await clock.advance(by: .milliseconds(300))
    // Ended before the resume: the effect already sees its wait over when it runs.
    #expect(try await task.value() == ["began: sleeping on the TestClock until +300 ms", "ended"])
  }

  @Test func aCancelledSleepEndsItsWaitWhenItsTaskIsCancelled() async throws {
    let clock = TestClock()
    let log = WaitLog()
    let task = Task {
      try await EffectScope.$current.withValue(log.scope) {
        try await clock.sleep(until: at(300))
      }
    }
    try await clock.waitForSleepers(1)
    task.cancel()
    _ = try await task.result()
    #expect(log.events == ["began: sleeping on the TestClock until +300 ms", "ended"])
  }

  @Test func waitingForSleepersThrowsWhenTheWaitingTaskIsCancelled() async throws {
    let clock = TestClock()
    let waiter = Task { try await clock.waitForSleepers(count: 1) }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value() }
  }

  @Test func instantsPrintTheirOffsetWhenDescribed() {
    #expect(TestClock.Instant.zero.description == "+0 ms")
    #expect(at(300).description == "+300 ms")
    #expect(at(-20).description == "-20 ms")
    #expect(TestClock.Instant(offset: .microseconds(250)).description == "+0.25 ms")
    #expect(TestClock.Instant(offset: .milliseconds(1_500)).description == "+1.5 s")
    #expect(TestClock.Instant(offset: .seconds(60)).description == "+60 s")
    #expect(TestClock.Instant(offset: .nanoseconds(1_000_000_001)).description == "+1.000000001 s")
  }
}

/// Stands in for a TestStore's monitor: records the waits of one effect, in order.
private final class WaitLog: InstrumentWaitObserver {
  private let recorded = Mutex<[String]>([])

  /// The scope an effect's task binds so that its waits are recorded here.
  var scope: EffectScope {
    EffectScope(
      effect: EffectRun(
        feedbackIndex: 0, feedback: "debounce", key: EffectKey(1), generation: 1),
      observer: self)
  }

  var events: [String] {
    recorded.withLock { $0 }
  }

  func waitBegan(_ id: Int, effect: EffectRun, kind: InstrumentWaitKind, description: String) {
    recorded.withLock { $0.append("began: \(description)") }
  }

  func waitEnded(_ id: Int, effect: EffectRun) {
    recorded.withLock { $0.append("ended") }
  }
}
