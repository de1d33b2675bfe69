import LoopTesting
import TestSupport
import Testing

struct ImmediateClockTests {
  private func at(_ milliseconds: Int) -> ImmediateClock.Instant {
    ImmediateClock.Instant(offset: .milliseconds(milliseconds))
  }

  /// What a feature generic over its clock does: wait, then look at the time.
  private func waitThenReadTheTime<C: Clock<Duration>>(
    on clock: C, for duration: Duration
  ) async throws -> C.Instant {
    try await clock.sleep(for: duration)
    return clock.now
  }

  @Test func aSleepReturnsAtOnceAndMovesNowWhenItsDeadlineIsLater() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(until: at(300))
    #expect(clock.now == at(300))
    #expect(try await waitThenReadTheTime(on: clock, for: .seconds(2)) == at(2_300))
  }

  @Test func nowStaysWhenTheDeadlineHasPassed() async throws {
    let clock = ImmediateClock(now: at(500))
    try await clock.sleep(until: at(100))
    #expect(clock.now == at(500))
  }

  @Test func aSleepThrowsAndLeavesNowAloneWhenItsTaskIsCancelled() async throws {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(until: at(300))
    }
    await #expect(throws: CancellationError.self) { try await task.value() }
    #expect(clock.now == .zero)
  }
}
