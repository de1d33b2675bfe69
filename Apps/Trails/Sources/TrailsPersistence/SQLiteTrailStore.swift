import LoopSynchronization
import TrailsModel

/// The plan, kept in an SQLite file: opened, checked and migrated on init.
///
/// Only trails databases are opened for writing, and opening never writes to a file that
/// fails a check. In order, on every open:
/// 1. a path that is a directory fails with ``PersistenceError/isADirectory(_:)``, a file the
///    user may not read with ``PersistenceError/permissionDenied(_:)``; read-write, a file
///    the user may read but not write, or one in a folder they may not write (SQLite writes
///    `-wal` and `-shm` files next to it), fails with
///    ``PersistenceError/notWritable(_:_:)``, which says which; a missing file is created
///    with its folder (read-write) or fails with ``PersistenceError/noSuchFile(_:)``
///    (read-only; `TrailStore.sqlite(path:access:)` accepts it). Read-only, a file in a
///    folder the user may not write opens `immutable` (no `-shm` needed; no one can be
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
/// notice another's writes cheaply, through `PRAGMA data_version`.
///
/// The connection sits in a `Mutex`, so the store is `Sendable`; calls block their thread
/// while SQLite works, or while another connection holds the lock (at most the busy timeout).
/// ``close()`` closes it at a moment of the caller's choosing (else it closes when the store
/// is released): the last connection to close folds the `-wal` file back into the database
/// and removes it, so a process should close before it exits.
///
/// ```swift
/// let store = try SQLiteTrailStore(path: SQLiteTrailStore.defaultPath())
/// let stored = try store.update { plan in
///   var plan = plan ?? Plan(start: today)
///   plan.days.append(PlanDay(number: plan.days.count + 1))
///   return plan
/// }
/// let loaded = try store.load()  // stored
/// ```
public final class SQLiteTrailStore: Sendable {
  /// The newest schema version this build reads and writes.
  public static var schemaVersion: Int { Migration.latestVersion }
  /// The `PRAGMA application_id` of every trails database: `0x54524C53`, "TRLS" in ASCII.
  public static let applicationID: Int32 = 0x5452_4C53
  /// How long a statement waits for another connection's lock before failing with
  /// ``PersistenceError/busy(_:timeoutMilliseconds:)``.
  public static let busyTimeoutMilliseconds: Int32 = 5_000

  /// The database file.
  public let path: String
  /// Whether this store may write.
  public let access: Access
  /// The one connection, used by one call at a time; `nil` once closed.
  private let connection: Mutex<Connection?>

  /// Opens and checks the database at `path`; read-write, also creates and migrates it.
  ///
  /// - Parameters:
  ///   - path: The database file; read-write, its folder is created when missing.
  ///   - access: ``Access/readWrite`` (the default) or ``Access/readOnly``.
  /// - Throws: ``PersistenceError``: ``PersistenceError/notADatabase(_:)``,
  ///   ``PersistenceError/corrupt(_:_:)``, ``PersistenceError/newerSchema(_:found:supported:)``
  ///   or ``PersistenceError/foreignDatabase(_:_:)`` for a file that was left untouched;
  ///   ``PersistenceError/isADirectory(_:)``, ``PersistenceError/permissionDenied(_:)``,
  ///   ``PersistenceError/notWritable(_:_:)`` (read-write), ``PersistenceError/noSuchFile(_:)``
  ///   (read-only),
  ///   ``PersistenceError/cannotCreateDirectory(_:)``,
  ///   ``PersistenceError/busy(_:timeoutMilliseconds:)``, or another SQLite failure.
  public init(path: String, access: Access = .readWrite) throws(PersistenceError) {
    let database = try Opener.open(path: path, access: access)
    self.path = path
    self.access = access
    connection = Mutex(try Connection(database))
  }

  /// The stored plan with its revision, or `nil` when none was ever written.
  ///
  /// Reads in one transaction, so a write by another connection is seen whole or not at all.
  ///
  /// - Returns: The plan as it was last written, and the revision that wrote it.
  /// - Throws: ``PersistenceError`` when reading fails or a stored value is malformed;
  ///   ``PersistenceError/closed(_:)`` after ``close()``.
  public func load() throws(PersistenceError) -> StoredPlan? {
    try withConnection { (connection: inout Connection) throws(PersistenceError) -> StoredPlan? in
      // data_version before the rows: a commit in between makes the next revision() re-read.
      let dataVersion = try connection.dataVersion()
      let stored = try PlanRecords.load(from: connection.database)
      connection.seen = (dataVersion, stored?.revision ?? 0)
      return stored
    }
  }

  /// Applies `change` to the stored plan and stores the plan it returns, as one atomic step.
  ///
  /// In one `BEGIN IMMEDIATE` transaction: reads the stored plan (`nil` when none was
  /// written), calls `change` with it, replaces the rows with the plan it returns, and bumps
  /// the revision. No other connection writes in between, so an edit made by another process
  /// since this one last loaded is kept. When it throws, nothing changed.
  ///
  /// - Parameter change: Makes the plan to store from the stored one, with an output for the
  ///   caller (what the change found, say); called once, with the store's lock and the
  ///   database's write lock held, so it should be quick.
  /// - Returns: What was stored, with its new revision, and the change's output.
  /// - Throws: ``PersistenceError/readOnly(_:)`` for a read-only store,
  ///   ``PersistenceError/busy(_:timeoutMilliseconds:)`` when another connection held the
  ///   lock for longer than the busy timeout, ``PersistenceError/closed(_:)`` after
  ///   ``close()``, or another ``PersistenceError``.
  public func update<Output: Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) throws(PersistenceError) -> (stored: StoredPlan, output: Output) {
    guard access == .readWrite else { throw .readOnly(path) }
    return try withConnection {
      (connection: inout Connection) throws(PersistenceError) -> (StoredPlan, Output) in
      let (stored, output, dataVersion) = try PlanRecords.update(connection.database, change)
      connection.seen = (dataVersion, stored.revision)
      return (stored, output)
    }
  }

  /// Applies `change` to the stored plan and stores the result, as one atomic step: the
  /// `update` for a change with nothing else to hand back.
  ///
  /// - Parameter change: Makes the plan to store from the stored one; called once, with the
  ///   locks held.
  /// - Returns: What was stored, with its new revision.
  /// - Throws: ``PersistenceError``, as the other `update` does.
  public func update(_ change: @Sendable (Plan?) -> Plan) throws(PersistenceError) -> StoredPlan {
    try update { current in (change(current), ()) }.stored
  }

  /// The store's revision: how many writes made the stored plan, 0 when none was written.
  ///
  /// Cheap enough to poll: `PRAGMA data_version` changes only when another connection
  /// commits, so while it answers what it did at this connection's last read or write, the
  /// revision seen then is returned without reading the plan's row.
  ///
  /// - Returns: The revision.
  /// - Throws: ``PersistenceError`` when reading fails; ``PersistenceError/closed(_:)`` after
  ///   ``close()``.
  public func revision() throws(PersistenceError) -> Int {
    try withConnection { (connection: inout Connection) throws(PersistenceError) -> Int in
      let dataVersion = try connection.dataVersion()
      if let seen = connection.seen, seen.dataVersion == dataVersion { return seen.revision }
      let revision = try PlanRecords.revision(of: connection.database)
      connection.seen = (dataVersion, revision)
      return revision
    }
  }

  /// Runs `body` with the connection, holding the lock: for tests that query pragmas.
  ///
  /// What `body` writes is not seen by ``revision()`` until another connection commits.
  ///
  /// - Parameter body: Work on the connection.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withDatabase<Result: Sendable>(
    _ body: (Database) throws -> Result
  ) throws -> Result {
    try connection.withLock { connection in
      guard let connection else { throw PersistenceError.closed(path) }
      return try body(connection.database)
    }
  }

  /// Closes the connection now, after the call that holds it (if any) returns.
  ///
  /// When it is the last connection to the file, SQLite copies the `-wal` file's commits
  /// into the database and removes the `-wal` and `-shm` files, so the database is one file
  /// again, safe to copy. Every later call throws ``PersistenceError/closed(_:)``; closing
  /// again does nothing.
  public func close() {
    // Nothing else holds the connection: dropping it finalizes its compiled statement, then
    // releases the database, whose deinit closes it (a connection with a statement left
    // would stay open until that statement went).
    connection.withLock { $0 = nil }
  }

  /// Runs `body` with the open connection, holding the lock.
  private func withConnection<Result: Sendable>(
    _ body: (inout Connection) throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    try connection.withLock {
      (connection: inout sending Connection?) throws(PersistenceError) -> Result in
      guard var open = connection else { throw .closed(path) }
      defer { connection = open }
      return try body(&open)
    }
  }
}
