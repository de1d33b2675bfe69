import LoopSynchronization

/// A clock on which every sleep ends at once.
///
/// Inject it where the feature waits but the test does not care how long: a sleep returns
/// immediately, moving ``now`` to its deadline, so the time the feature meant to wait is still
/// visible afterwards. Use a ``TestClock`` when the test must decide when the wait ends.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(2))  // returns at once
/// // clock.now is +2 s
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A point in the clock's time: the same offset-from-zero instant as a ``TestClock``'s.
  ///
  /// Shared so that instants print alike (`+300 ms`) whichever test clock made them.
  public typealias Instant = TestClock.Instant

  private let current: Mutex<Instant>

  /// Creates a clock standing at `now`.
  ///
  /// Time moves only when a sleep's deadline is later than the clock's current instant.
  ///
  /// - Parameter now: The clock's starting instant; ``TestClock/Instant/zero`` unless given.
  public init(now: Instant = .zero) {
    self.current = Mutex(now)
  }

  /// The clock's current instant: the latest deadline slept until, or the starting instant.
  ///
  /// It never moves backwards.
  public var now: Instant {
    current.withLock { $0 }
  }

  /// The smallest step the clock takes: zero, since time jumps exactly to each deadline.
  ///
  /// Deadlines are honoured to the attosecond.
  public var minimumResolution: Duration { .zero }

  /// Returns at once, moving ``now`` to `deadline` if that is later.
  ///
  /// Nothing waits on this clock under a `TestStore`, but the sleep yields, as a real one
  /// suspends: other ready work runs first, and a loop that sleeps on this clock is a run of
  /// jobs the `TestStore` counts, so one that never ends fails the test (see
  /// `jobsWithoutProgress`) instead of holding a thread for ever.
  ///
  /// - Parameters:
  ///   - deadline: The instant the caller meant to wake at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled; the clock does not move then.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
