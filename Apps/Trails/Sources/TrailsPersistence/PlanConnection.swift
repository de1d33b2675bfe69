import TrailsModel

/// One open connection to a trails database, with the plan's reads and writes on it: the
/// blocking half of ``SQLitePlanDatabase``, which owns one and calls it from its queue.
///
/// Not `Sendable` and not locked: whoever holds it calls it from one thread at a time (the
/// database from its queue; a test or a benchmark from its own task). Opening runs every
/// check of ``SQLitePlanDatabase``'s discussion, so nothing is written to a file that fails
/// one. Calls block while SQLite works, or while another connection holds the lock (at most
/// ``SQLitePlanDatabase/busyTimeoutMilliseconds``).
///
/// ```swift
/// let connection = try PlanConnection(path: SQLitePlanDatabase.defaultPath())
/// let stored = try connection.update { plan in
///   var plan = plan ?? Plan(start: today)
///   plan.days.append(PlanDay(number: plan.days.count + 1))
///   return plan
/// }
/// let loaded = try connection.load()  // stored
/// ```
package final class PlanConnection {
  /// The database file.
  package let path: String
  /// Whether this connection may write.
  package let access: SQLitePlanDatabase.Access
  /// The open connection; `nil` once closed.
  private var connection: Connection?

  /// Opens and checks the database at `path`; read-write, also creates and migrates it.
  ///
  /// - Parameters:
  ///   - path: The database file; read-write, its folder is created when missing.
  ///   - access: ``SQLitePlanDatabase/Access/readWrite`` (the default) or
  ///     ``SQLitePlanDatabase/Access/readOnly``.
  /// - Throws: ``PersistenceError``, as ``SQLitePlanDatabase/init(path:access:)`` lists.
  package init(
    path: String, access: SQLitePlanDatabase.Access = .readWrite
  ) throws(PersistenceError) {
    let database = try Opener.open(path: path, access: access)
    self.path = path
    self.access = access
    connection = try Connection(database)
  }

  /// The stored plan with its revision, or `nil` when none was ever written.
  ///
  /// Reads in one transaction, so a write by another connection is seen whole or not at all.
  ///
  /// - Returns: The plan as it was last written, and the revision that wrote it.
  /// - Throws: ``PersistenceError`` when reading fails or a stored value is malformed;
  ///   ``PersistenceError/closed(_:)`` after ``close()``.
  package func load() throws(PersistenceError) -> StoredPlan? {
    try withConnection { (connection: inout Connection) throws(PersistenceError) -> StoredPlan? in
      // data_version before the rows: a commit in between makes the next revision() re-read.
      let dataVersion = try connection.dataVersion()
      let stored = try PlanRows.load(from: connection.database)
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
  ///   caller; called once, with the database's write lock held, so it should be quick.
  /// - Returns: What was stored, with its new revision, and the change's output.
  /// - Throws: ``PersistenceError/readOnly(_:)`` for a read-only connection (without calling
  ///   `change`), ``PersistenceError/busy(_:timeoutMilliseconds:)`` when another connection
  ///   held the lock for longer than the busy timeout, ``PersistenceError/closed(_:)`` after
  ///   ``close()``, or another ``PersistenceError``.
  package func update<Output>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) throws(PersistenceError) -> (stored: StoredPlan, output: Output) {
    guard access == .readWrite else { throw .readOnly(path) }
    return try withConnection {
      (connection: inout Connection) throws(PersistenceError) -> (StoredPlan, Output) in
      let (stored, output, dataVersion) = try PlanRows.update(connection.database, change)
      connection.seen = (dataVersion, stored.revision)
      return (stored, output)
    }
  }

  /// Applies `change` to the stored plan and stores the result, as one atomic step: the
  /// `update` for a change with nothing else to hand back.
  ///
  /// - Parameter change: Makes the plan to store from the stored one; called once, with the
  ///   write lock held.
  /// - Returns: What was stored, with its new revision.
  /// - Throws: ``PersistenceError``, as the other `update` does.
  package func update(_ change: @Sendable (Plan?) -> Plan) throws(PersistenceError) -> StoredPlan {
    try update { current in (change(current), ()) }.stored
  }

  /// The database's revision: how many writes made the stored plan, 0 when none was written.
  ///
  /// Cheap enough to poll: `PRAGMA data_version` changes only when another connection
  /// commits, so while it answers what it did at this connection's last read or write, the
  /// revision seen then is returned without reading the plan's row.
  ///
  /// - Returns: The revision.
  /// - Throws: ``PersistenceError`` when reading fails; ``PersistenceError/closed(_:)`` after
  ///   ``close()``.
  package func revision() throws(PersistenceError) -> Int {
    try withConnection { (connection: inout Connection) throws(PersistenceError) -> Int in
      let dataVersion = try connection.dataVersion()
      if let seen = connection.seen, seen.dataVersion == dataVersion { return seen.revision }
      let revision = try PlanRows.revision(of: connection.database)
      connection.seen = (dataVersion, revision)
      return revision
    }
  }

  /// Runs `body` with the SQLite connection: for tests that query pragmas.
  ///
  /// What `body` writes is not seen by ``revision()`` until another connection commits.
  ///
  /// - Parameter body: Work on the connection.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; ``PersistenceError/closed(_:)`` after ``close()``.
  package func withDatabase<Result>(_ body: (Database) throws -> Result) throws -> Result {
    guard let connection else { throw PersistenceError.closed(path) }
    return try body(connection.database)
  }

  /// Closes the connection now.
  ///
  /// When it is the last connection to the file, SQLite copies the `-wal` file's commits
  /// into the database and removes the `-wal` and `-shm` files, so the database is one file
  /// again, safe to copy. Every later call throws ``PersistenceError/closed(_:)``; closing
  /// again does nothing.
  package func close() {
    // Nothing else holds the connection: dropping it finalizes its compiled statement, then
    // releases the database, whose deinit closes it (a connection with a statement left
    // would stay open until that statement went).
    connection = nil
  }

  /// Runs `body` with the open connection.
  private func withConnection<Result>(
    _ body: (inout Connection) throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    guard var open = connection else { throw .closed(path) }
    defer { connection = open }
    return try body(&open)
  }
}
