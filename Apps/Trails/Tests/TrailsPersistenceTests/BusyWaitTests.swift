import Foundation
import TestSupport
import Testing
import TrailsPersistence

/// A connection refused a lock tries again every millisecond until its busy timeout, then
/// fails naming the file and the timeout (docs/apps/trails.md).
///
/// On a clock that moves a millisecond at each pause, from just before a second's end so the
/// wait crosses one: a timeout of T ms is exactly T pauses.
struct BusyWaitTests {
  @Test func aWriteLockedOutByAnotherConnectionTriesEveryMillisecondUntilTheTimeout() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("busy.sqlite")
    let clock = SteppedClock(from: timespec(tv_sec: 41, tv_nsec: 999_500_000))
    let holder = try Database(path: path, mode: .create)
    try holder.execute("BEGIN IMMEDIATE")
    defer { try? holder.execute("ROLLBACK") }
    let waiter = try Database(path: path, mode: .readWrite)
    try waiter.setBusyTimeout(milliseconds: 1_500, clock: clock.busyClock)

    // Twice: the second write waits its own full timeout, not what the first one left.
    for attempt in 1...2 {
      #expect(throws: PersistenceError.busy(path, timeoutMilliseconds: 1_500)) {
        try waiter.execute("BEGIN IMMEDIATE")
      }
      #expect(clock.pauses == 1_500 * attempt, "write \(attempt)")
    }
  }

  /// Every read-write open switches to WAL, which SQLite refuses at once, without its busy
  /// handler, while another connection reads: the opener tries again within the same timeout.
  @Test func aSwitchToWALRefusedWhileAnotherConnectionReadsIsTriedAgainUntilTheTimeout() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("opening.sqlite")
    let clock = SteppedClock(from: timespec(tv_sec: 7, tv_nsec: 999_900_000))
    let reader = try Database(path: path, mode: .create)
    try reader.execute("CREATE TABLE t (x); BEGIN; SELECT * FROM t;")
    defer { try? reader.execute("COMMIT") }
    let opener = try Database(path: path, mode: .readWrite)
    try opener.setBusyTimeout(milliseconds: 300, clock: clock.busyClock)

    #expect(throws: PersistenceError.busy(path, timeoutMilliseconds: 300)) {
      try opener.retryingWhenBusy { () throws(PersistenceError) in
        try opener.query("PRAGMA journal_mode = WAL").first?.first?.text
      }
    }
    // SQLite waits in the busy handler first here (the reader's lock can be waited for), and
    // the retries after it share the same 300 ms: not 300 more.
    #expect(clock.pauses == 300)
  }
}
