import Dispatch
import LoopSynchronization
import TrailsModel

/// A process's database: the ``TrailStore`` the planner uses, whose calls run on a queue of
/// their own, and the one way to close its connection at a known moment.
///
/// SQLite folds the `-wal` file back into the database, and removes it, when the last
/// connection to the file closes. A connection left open when the process exits (its
/// closing left to a deinit that never runs) leaves the `-wal` behind, holding the last
/// commits, so that a copy of the database file alone loses them. A command closes its
/// database when it ends, however it ends: ``close()`` when its work is done, and
/// ``close(waitingAtMost:)`` from a hook that runs as the process exits or is signalled.
///
/// Read-only, a missing file is not an error: until some other process creates it, `load`
/// returns `nil` and `revision` 0, and nothing (no file, no folder) is created; the first
/// call that finds the file opens it. `update` always throws
/// ``PersistenceError/readOnly(_:)``.
///
/// ```swift
/// let database = try TrailDatabase(path: SQLiteTrailStore.defaultPath())
/// let stored = try await database.store.load()
/// await database.close()  // no -wal left, unless another process has the file open
/// ```
public final class TrailDatabase: Sendable {
  /// The database file.
  public let path: String
  /// Whether the store may write.
  public let access: SQLiteTrailStore.Access
  /// The thread every SQLite call of this database runs on, one at a time.
  private let queue: DatabaseQueue
  /// The connection, as far as it has got.
  private let connection: Mutex<Stage>

  /// Where the connection stands.
  private enum Stage {
    /// Read-only, and the file did not exist at the last look.
    case awaitingFile
    /// Open.
    case open(SQLiteTrailStore)
    /// Closed: every later call throws ``PersistenceError/closed(_:)``.
    case closed
  }

  /// Opens and checks the database at `path` now (read-only, a missing file waits).
  ///
  /// Opening first surfaces a bad file at launch, with one line for the user, before the
  /// feature starts.
  ///
  /// - Parameters:
  ///   - path: The database file; read-write, its folder is created when missing.
  ///   - access: ``SQLiteTrailStore/Access/readWrite`` (the default) or
  ///     ``SQLiteTrailStore/Access/readOnly``.
  /// - Throws: ``PersistenceError`` as ``SQLiteTrailStore/init(path:access:)`` does, except
  ///   for a missing file read-only; a file refused is left untouched.
  public init(path: String, access: SQLiteTrailStore.Access = .readWrite) throws(PersistenceError) {
    self.path = path
    self.access = access
    queue = DatabaseQueue(path: path)
    if access == .readOnly, try Opener.entry(at: path) == .missing {
      connection = Mutex(.awaitingFile)
    } else {
      connection = Mutex(.open(try SQLiteTrailStore(path: path, access: access)))
    }
  }

  /// The store the planner uses: each call runs on this database's queue, so a call waiting
  /// for another process's lock never blocks a thread of Swift's cooperative pool.
  ///
  /// `update` merges (see ``SQLiteTrailStore``), and `revision` is cheap enough to poll for
  /// other processes' writes. After ``close()`` every call throws
  /// ``PersistenceError/closed(_:)``.
  public var store: TrailStore {
    TrailStore(
      load: { try await self.queue.run { try self.openStore()?.load() } },
      update: { change in
        try await self.queue.run {
          guard let store = try self.openStore() else { throw PersistenceError.readOnly(self.path) }
          return try store.update(change)
        }
      },
      revision: { try await self.queue.run { try self.openStore()?.revision() ?? 0 } })
  }

  /// Closes the connection once the calls queued before this one have returned.
  ///
  /// SQLite then folds the `-wal` back in, if no other connection is open. Closing again
  /// does nothing.
  public func close() async {
    // The work cannot throw; `run` only rethrows what its work throws.
    try? await queue.run { self.closeOnQueue() }
  }

  /// Closes the connection as ``close()`` does, blocking the caller until it is closed or
  /// `patience` has passed: for a hook that runs as the process exits, where nothing may be
  /// awaited.
  ///
  /// A write in flight, waiting for another process's lock, ends first (at most the busy
  /// timeout, ``SQLiteTrailStore/busyTimeoutMilliseconds``).
  ///
  /// - Parameter patience: How long to wait for the calls queued before it.
  /// - Returns: Whether the connection is closed.
  @discardableResult
  public func close(waitingAtMost patience: Duration) -> Bool {
    guard !DatabaseQueue.isCurrent else {
      closeOnQueue()
      return true
    }
    return queue.runAndWait(atMost: patience) { self.closeOnQueue() }
  }

  /// The open store, opening a read-only file that has appeared since the last look; `nil`
  /// while it has not.
  private func openStore() throws(PersistenceError) -> SQLiteTrailStore? {
    try connection.withLock {
      (stage: inout sending Stage) throws(PersistenceError) -> SQLiteTrailStore? in
      switch stage {
      case .open(let store):
        return store
      case .closed:
        throw .closed(path)
      case .awaitingFile:
        guard try Opener.entry(at: path) != .missing else { return nil }
        let store = try SQLiteTrailStore(path: path, access: .readOnly)
        stage = .open(store)
        return store
      }
    }
  }

  /// Closes the connection; runs on the queue, so no call is using it.
  private func closeOnQueue() {
    let stage = connection.withLock { stage in
      let old = stage
      stage = .closed
      return old
    }
    if case .open(let store) = stage { store.close() }
  }
}
