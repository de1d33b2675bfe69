import Synchronization

/// A clock whose sleeps return at once and are recorded, so retry waits cost no time.
///
/// A few lines instead of `LoopTesting.ImmediateClock`: this target does not depend on the
/// runtime's testing library. With `cancelsWhileSleeping`, a sleep cancels the sleeping task
/// and throws, as if the user gave up during the wait.
final class RecordingClock: Clock, Sendable {
  private let state: Mutex<(now: ContinuousClock.Instant, sleeps: [Duration])>
  private let cancelsWhileSleeping: Bool

  init(cancelsWhileSleeping: Bool = false) {
    state = Mutex((ContinuousClock.now, []))
    self.cancelsWhileSleeping = cancelsWhileSleeping
  }

  /// Every duration slept for, in order.
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  var now: ContinuousClock.Instant { state.withLock { $0.now } }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    if cancelsWhileSleeping { withUnsafeCurrentTask { $0?.cancel() } }
    try Task.checkCancellation()
    state.withLock { state in
      state.sleeps.append(state.now.duration(to: deadline))
      state.now = max(state.now, deadline)
    }
  }
}
