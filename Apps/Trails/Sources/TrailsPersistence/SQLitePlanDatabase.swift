import TrailsModel

/// The plan, kept in an SQLite file: the ``PlanDatabase`` the app runs on, and the one object
/// that owns the file's connection and the queue its calls run on.
///
/// An actor whose executor is a serial dispatch queue of its own (``DatabaseQueue``, as GRDB's
/// writer queue): the connection is its isolated state, so its calls run one at a time on
/// that queue, with no lock, and a call waiting for another process's lock (up to
/// ``busyTimeoutMilliseconds``) blocks that queue's thread, never one of Swift's cooperative
/// pool.
///
/// Only trails databases are opened for writing, and opening never writes to a file that
/// fails a check. The file is opened on init, so a bad file surfaces at launch with one line
/// for the user, before the feature starts. In order, on every open:
/// 1. a path that is a directory fails with ``PersistenceError/isADirectory(_:)``, a file the
///    user may not read with ``PersistenceError/permissionDenied(_:)``; read-write, a file
///    the user may read but not write, or one in a folder they may not write (SQLite writes
///    `-wal` and `-shm` files next to it), fails with
///    ``PersistenceError/notWritable(_:_:)``, which says which; a missing file is created
///    with its folder (read-write). Read-only, a missing file is not an error: until some
///    other process creates it, `load` returns `nil` and `revision` 0, and nothing (no file,
///    no folder) is created; the first call that finds the file opens it. Read-only, a file
///    in a folder the user may not write opens `immutable` (no `-shm` needed; no one can be
///    writing it), unless its `-wal` still holds commits;
/// 2. `busy_timeout` is set (``busyTimeoutMilliseconds``), which writes nothing;
/// 3. `PRAGMA application_id` and `PRAGMA user_version` are read, the first reads of the
///    file, so a file that is not a database fails here with
///    ``PersistenceError/notADatabase(_:)``; then, by application id:
///    - ``applicationID``: a version newer than ``schemaVersion`` fails with
///      ``PersistenceError/newerSchema(_:found:supported:)``;
///    - another non-zero id fails with ``PersistenceError/foreignDatabase(_:_:)``;
///    - 0: an empty database (no schema, user version 0) is a new trails database; a trails
///      v1 database (user version 1, exactly the tables `plan`, `plan_day`, `plan_entry`) is
///      accepted; anything else fails with ``PersistenceError/foreignDatabase(_:_:)``;
/// 4. `PRAGMA integrity_check` must answer a single "ok", else ``PersistenceError/corrupt(_:_:)``;
/// 5. read-only stops here. Read-write makes the first writes: `journal_mode=WAL`, the
///    per-connection `synchronous=FULL` and `foreign_keys=ON`; then a new database gets the
///    whole schema and the application id in one transaction, and an older one the
///    migrations, one transaction each (a v1 file gains `plan.revision` and the id).
///
/// Writes merge instead of replacing: ``update(_:)`` reads the stored plan inside a
/// `BEGIN IMMEDIATE` transaction, so it holds the write lock while it does, hands that plan
/// to the caller's change, writes the result in place of the rows and bumps the revision
/// before it commits. Two processes updating at once are serialised by SQLite (the second
/// waits up to the busy timeout), and the second change is applied to the plan the first
/// stored: both edits survive, at revisions n + 1 and n + 2. ``revision()`` lets a process
/// notice another's writes cheaply, through `PRAGMA data_version`. Read-only, ``update(_:)``
/// always throws ``PersistenceError/readOnly(_:)``.
///
/// SQLite folds the `-wal` file back into the database, and removes it, when the last
/// connection to the file closes. A connection left open when the process exits (its
/// closing left to a deinit that never runs) leaves the `-wal` behind, holding the last
/// commits, so that a copy of the database file alone loses them. A command closes its
/// database when it ends, however it ends: ``close()`` when its work is done, and
/// ``close(waitingAtMost:)`` from a hook that runs as the process exits or is signalled.
/// A database released without being closed closes its connection then.
///
/// ```swift
/// let database = try SQLitePlanDatabase(path: SQLitePlanDatabase.defaultPath())
/// let stored = try await database.update { plan in
///   var plan = plan ?? Plan(start: today)
///   plan.days.append(PlanDay(number: plan.days.count + 1))
///   return plan
/// }
/// await database.close()  // no -wal left, unless another process has the file open
/// ```
public actor SQLitePlanDatabase: PlanDatabase {
  /// The newest schema version this build reads and writes.
  public static var schemaVersion: Int { Migration.latestVersion }
  /// The `PRAGMA application_id` of every trails database: `0x54524C53`, "TRLS" in ASCII.
  public static let applicationID: Int32 = 0x5452_4C53
  /// How long a statement waits for another connection's lock before failing with
  /// ``PersistenceError/busy(_:timeoutMilliseconds:)``.
  public static let busyTimeoutMilliseconds: Int32 = 5_000

  /// The database file.
  public nonisolated let path: String
  /// Whether the database may write.
  public nonisolated let access: Access
  /// The thread every call of this database runs on, one at a time: the actor's executor.
  private nonisolated let queue: DatabaseQueue
  /// The connection, as far as it has got.
  private var stage: Stage

  /// Where the connection stands.
  private enum Stage {
    /// Read-only, and the file did not exist at the last look.
    case awaitingFile
    /// Open.
    case open(PlanConnection)
    /// Closed: every later call throws ``PersistenceError/closed(_:)``.
    case closed
  }

  /// Runs the actor's calls on ``queue``.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    queue.asUnownedSerialExecutor()
  }

  /// Opens and checks the database at `path` now (read-only, a missing file waits); read-write,
  /// also creates and migrates it.
  ///
  /// - Parameters:
  ///   - path: The database file; read-write, its folder is created when missing.
  ///   - access: ``Access/readWrite`` (the default) or ``Access/readOnly``.
  /// - Throws: ``PersistenceError``: ``PersistenceError/notADatabase(_:)``,
  ///   ``PersistenceError/corrupt(_:_:)``, ``PersistenceError/newerSchema(_:found:supported:)``
  ///   or ``PersistenceError/foreignDatabase(_:_:)`` for a file that was left untouched;
  ///   ``PersistenceError/isADirectory(_:)``, ``PersistenceError/permissionDenied(_:)``,
  ///   ``PersistenceError/notWritable(_:_:)`` (read-write),
  ///   ``PersistenceError/cannotCreateDirectory(_:)``,
  ///   ``PersistenceError/busy(_:timeoutMilliseconds:)``, or another SQLite failure.
  public init(path: String, access: Access = .readWrite) throws(PersistenceError) {
    self.path = path
    self.access = access
    queue = DatabaseQueue(path: path)
    if access == .readOnly, try Opener.entry(at: path) == .missing {
      stage = .awaitingFile
    } else {
      stage = .open(try PlanConnection(path: path, access: access))
    }
  }

  /// The stored plan with its revision, or `nil` when none was ever written.
  ///
  /// Reads in one transaction, so a write by another connection is seen whole or not at all.
  ///
  /// - Returns: The plan as it was last written, and the revision that wrote it.
  /// - Throws: ``PersistenceError`` when reading fails or a stored value is malformed;
  ///   ``PersistenceError/closed(_:)`` after ``close()``.
  public func load() throws(PersistenceError) -> StoredPlan? {
    try openConnection()?.load()
  }

  /// Applies `change` to the stored plan and stores the plan it returns, as one atomic step
  /// (see the discussion).
  ///
  /// - Parameter change: Makes the plan to store from the stored one, with an output for the
  ///   caller; called once, on the database's queue with the write lock held, so it should
  ///   be quick.
  /// - Returns: What was stored, with its new revision, and the change's output.
  /// - Throws: ``PersistenceError/readOnly(_:)`` read-only (without calling `change`),
  ///   ``PersistenceError/busy(_:timeoutMilliseconds:)`` when another connection held the
  ///   lock for longer than the busy timeout, ``PersistenceError/closed(_:)`` after
  ///   ``close()``, or another ``PersistenceError``.
  public func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) throws(PersistenceError) -> (stored: StoredPlan, output: Output) {
    guard let connection = try openConnection() else { throw .readOnly(path) }
    return try connection.update(change)
  }

  /// The database's revision: how many writes made the stored plan, 0 when none was written.
  ///
  /// Cheap enough to poll: it reads the plan's row only when another connection committed
  /// since this one last looked.
  ///
  /// - Returns: The revision.
  /// - Throws: ``PersistenceError`` when reading fails; ``PersistenceError/closed(_:)`` after
  ///   ``close()``.
  public func revision() throws(PersistenceError) -> Int {
    try openConnection()?.revision() ?? 0
  }

  /// Closes the connection, after the calls made before this one.
  ///
  /// SQLite then folds the `-wal` back in, if no other connection is open. Every later call
  /// throws ``PersistenceError/closed(_:)``; closing again does nothing.
  public func close() {
    if case .open(let connection) = stage { connection.close() }
    stage = .closed
  }

  /// Closes the connection as ``close()`` does, blocking the caller until it is closed or
  /// `patience` has passed: for a hook that runs as the process exits, where nothing may be
  /// awaited.
  ///
  /// A write in flight, waiting for another process's lock, ends first (at most the busy
  /// timeout, ``busyTimeoutMilliseconds``).
  ///
  /// - Parameter patience: How long to wait for the calls made before it.
  /// - Returns: Whether the connection is closed.
  @discardableResult
  public nonisolated func close(waitingAtMost patience: Duration) -> Bool {
    guard !queue.isCurrent else {
      assumeIsolated { $0.close() }
      return true
    }
    return queue.runAndWait(atMost: patience) { self.assumeIsolated { $0.close() } }
  }

  /// The open connection, opening a read-only file that has appeared since the last look;
  /// `nil` while it has not.
  private func openConnection() throws(PersistenceError) -> PlanConnection? {
    switch stage {
    case .open(let connection):
      return connection
    case .closed:
      throw .closed(path)
    case .awaitingFile:
      guard try Opener.entry(at: path) != .missing else { return nil }
      let connection = try PlanConnection(path: path, access: .readOnly)
      stage = .open(connection)
      return connection
    }
  }
}
