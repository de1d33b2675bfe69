import Dispatch
import LoopSynchronization
import Terminal
import TrailsPersistence

/// Closes a command's database however the process ends, from the moment before it is
/// opened: on `exit`, and on SIGINT or SIGTERM (``ProcessEnd``).
///
/// Armed before the database opens, so a signal that arrives while it opens (and perhaps
/// writes, creating or migrating it) waits for the open to end, then closes what it opened:
/// no moment leaves the connection open at exit, with the `-wal` beside the database.
final class ClosingOnExit: Sendable {
  /// How long a process that is ending waits for the open in progress, and then for the
  /// database's last call (a write waiting for another process's lock, at most the busy
  /// timeout), before it exits anyway: the busy timeout and a second, in milliseconds.
  static let patienceMilliseconds = Int(SQLitePlanDatabase.busyTimeoutMilliseconds) + 1_000

  /// The database, once opened.
  private let database = Mutex<SQLitePlanDatabase?>(nil)
  /// Signalled once the open has ended, opened or not.
  private let openEnded = DispatchSemaphore(value: 0)

  /// Arms the hook; call ``opened(_:)`` once the open has ended.
  init() {
    ProcessEnd.add { [self] in closeNow() }
  }

  /// Hands over what the open made: the database, or `nil` when it failed.
  func opened(_ opened: SQLitePlanDatabase?) {
    database.withLock { $0 = opened }
    openEnded.signal()
  }

  /// Waits for the open, then closes the database; runs as the process ends.
  private func closeNow() {
    let deadline = DispatchTime.now() + .milliseconds(Self.patienceMilliseconds)
    guard openEnded.wait(timeout: deadline) == .success else { return }
    database.withLock { $0 }?.close(waitingAtMost: .milliseconds(Self.patienceMilliseconds))
  }
}
