#if canImport(Glibc)
  import Glibc
#endif

/// A connection's wait for another connection's lock: a try every millisecond, until the
/// timeout has passed since the first refusal.
///
/// SQLite calls ``tryAgain(attempt:)`` (through `sqlite3_busy_handler`) each time a lock is
/// refused, with the number of refusals so far for this lock; 0 starts a new wait. Used from
/// the connection's thread only, as the connection is.
final class BusyWait {
  /// The longest wait, in milliseconds.
  let milliseconds: Int32
  private var started = timespec()

  /// A wait of at most `milliseconds`.
  init(milliseconds: Int32) {
    self.milliseconds = milliseconds
  }

  /// Sleeps a millisecond and says to try again, or says to give up once the wait is over.
  ///
  /// - Parameter attempt: How many times this lock was refused before; 0 for the first.
  /// - Returns: Whether SQLite should try the lock again.
  func tryAgain(attempt: Int32) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    if attempt == 0 { started = now }
    // In nanoseconds: dividing each part by a million first would round a wait of 199.2 ms
    // (1 s and -800.8 ms) up to 200 and give up early.
    let elapsed =
      Int64(now.tv_sec - started.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec - started.tv_nsec)
    guard elapsed < Int64(milliseconds) * 1_000_000 else { return false }
    usleep(1_000)
    return true
  }
}
