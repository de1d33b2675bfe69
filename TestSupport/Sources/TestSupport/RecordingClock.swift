import LoopSynchronization

/// A clock whose sleeps return at once and are recorded, so retry waits cost no time.
///
/// A few lines instead of `LoopTesting.ImmediateClock`, for the HTTP clients' tests, which do
/// not depend on the runtime's testing library. With `cancelsWhileSleeping`, a sleep cancels
/// the sleeping task and throws, as if the user gave up during the wait.
public final class RecordingClock: Clock, Sendable {
  private let state: Mutex<(now: ContinuousClock.Instant, sleeps: [Duration])>
  private let cancelsWhileSleeping: Bool

  /// Creates a clock; with `cancelsWhileSleeping`, every sleep cancels its task.
  ///
  /// - Parameter cancelsWhileSleeping: Whether a sleep cancels the sleeping task and throws.
  public init(cancelsWhileSleeping: Bool = false) {
    state = Mutex((ContinuousClock.now, []))
    self.cancelsWhileSleeping = cancelsWhileSleeping
  }

  /// Every duration slept for, in order.
  public var sleeps: [Duration] { state.withLock { $0.sleeps } }

  /// The clock's instant: moved by each sleep to its deadline.
  public var now: ContinuousClock.Instant { state.withLock { $0.now } }

  /// Zero: a sleep ends exactly at its deadline.
  public var minimumResolution: Duration { .zero }

  /// Records the sleep and returns at once (or throws `CancellationError`).
  ///
  /// - Parameters:
  ///   - deadline: When the sleep would end.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is (or, with `cancelsWhileSleeping`, gets)
  ///   cancelled.
  public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    if cancelsWhileSleeping { withUnsafeCurrentTask { $0?.cancel() } }
    try Task.checkCancellation()
    state.withLock { state in
      state.sleeps.append(state.now.duration(to: deadline))
      state.now = max(state.now, deadline)
    }
  }
}
