#if canImport(Glibc)
  import Glibc
#endif

/// The clock a busy wait reads and the pause it makes between tries: the system's
/// (``system``: `CLOCK_MONOTONIC` and a 1 ms sleep), or a test's, which moves time on at
/// each pause instead of sleeping.
package struct BusyClock: Sendable {
  /// Reads the monotonic clock.
  package var now: @Sendable () -> timespec
  /// Waits a millisecond before the next try.
  package var pause: @Sendable () -> Void

  /// A clock from its two operations.
  package init(now: @escaping @Sendable () -> timespec, pause: @escaping @Sendable () -> Void) {
    self.now = now
    self.pause = pause
  }

  /// `CLOCK_MONOTONIC`, and a real millisecond's sleep.
  package static let system = BusyClock(
    now: {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      return now
    },
    pause: { usleep(1_000) })
}

/// A connection's wait for another connection's lock: a try every millisecond, until the
/// timeout has passed since the first refusal.
///
/// SQLite calls ``tryAgain(attempt:)`` (through `sqlite3_busy_handler`) each time a lock is
/// refused, with the number of refusals so far for this lock; 0 starts a new wait. Used from
/// the connection's thread only, as the connection is.
final class BusyWait {
  /// The longest wait, in milliseconds.
  let milliseconds: Int32
  /// Where the time comes from, and how a pause is made.
  private let clock: BusyClock
  /// When the wait began; `nil` until ``begin()`` or the first pause.
  private var started: timespec?

  /// A wait of at most `milliseconds` on `clock`.
  init(milliseconds: Int32, clock: BusyClock) {
    self.milliseconds = milliseconds
    self.clock = clock
  }

  /// Sleeps a millisecond and says to try again, or says to give up once the wait is over.
  ///
  /// - Parameter attempt: How many times this lock was refused before; 0 for the first.
  /// - Returns: Whether SQLite should try the lock again.
  func tryAgain(attempt: Int32) -> Bool {
    if attempt == 0 { begin() }
    return pauseIfTimeLeft()
  }

  /// Starts the wait now.
  func begin() {
    started = clock.now()
  }

  /// Sleeps a millisecond and says to try again, or says to give up once the timeout has
  /// passed since ``begin()`` (or since this first call, when the wait was not begun).
  ///
  /// - Returns: Whether to try again.
  func pauseIfTimeLeft() -> Bool {
    let now = clock.now()
    let started = self.started ?? now
    self.started = started
    // In nanoseconds: dividing each part by a million first would round a wait of 199.2 ms
    // (1 s and -800.8 ms) up to 200 and give up early.
    let elapsed =
      Int64(now.tv_sec - started.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec - started.tv_nsec)
    guard elapsed < Int64(milliseconds) * 1_000_000 else { return false }
    clock.pause()
    return true
  }
}
