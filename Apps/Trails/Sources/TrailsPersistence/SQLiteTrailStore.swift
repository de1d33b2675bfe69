import Foundation
import Synchronization
import TrailsModel

/// The plan, kept in an SQLite file: opened, checked and migrated on init.
///
/// Opening never writes to a file that fails a check. In order, on every open:
/// 1. a missing file is created (with its folder); an existing one is opened without create;
/// 2. `busy_timeout` is set (``busyTimeoutMilliseconds``);
/// 3. `PRAGMA user_version` is read, the first read of the file, so a file that is not a
///    database fails here with ``PersistenceError/notADatabase(_:)``;
/// 4. `PRAGMA integrity_check` must answer a single "ok", else ``PersistenceError/corrupt(_:_:)``;
/// 5. a version newer than ``schemaVersion`` fails with
///    ``PersistenceError/newerSchema(found:supported:)``;
/// 6. only then the first writes: `journal_mode=WAL`, and the per-connection
///    `synchronous=FULL` and `foreign_keys=ON`; then the migrations, one transaction each.
///
/// Every ``save(_:)`` is one `BEGIN IMMEDIATE` transaction that replaces the stored plan.
/// The connection sits in a `Mutex`, so the store is `Sendable`; calls block their thread
/// while SQLite works, or while another connection holds the lock (at most the busy timeout).
///
/// ```swift
/// let store = try SQLiteTrailStore(path: SQLiteTrailStore.defaultPath())
/// try store.save(plan)
/// try store.load()  // plan
/// ```
public final class SQLiteTrailStore: Sendable {
  /// The newest schema version this build reads and writes.
  public static var schemaVersion: Int { Migration.latestVersion }
  /// How long a statement waits for another connection's lock before failing with
  /// ``PersistenceError/busy``.
  public static let busyTimeoutMilliseconds: Int32 = 5_000

  /// The database file.
  public let path: String
  /// The one connection, used by one call at a time.
  private let database: Mutex<Database>

  /// Opens, checks and migrates the database at `path`, creating it when missing.
  ///
  /// - Parameter path: The database file; its folder is created when missing.
  /// - Throws: ``PersistenceError``: ``PersistenceError/notADatabase(_:)``,
  ///   ``PersistenceError/corrupt(_:_:)`` or ``PersistenceError/newerSchema(found:supported:)``
  ///   for a file that was left untouched, ``PersistenceError/cannotCreateDirectory(_:)``,
  ///   ``PersistenceError/busy``, or another SQLite failure.
  public init(path: String) throws(PersistenceError) {
    let connection = try Self.open(path: path)
    self.path = path
    database = Mutex(connection)
  }

  /// The saved plan, or `nil` when none was ever saved.
  ///
  /// Reads in one transaction, so a save by another connection is seen whole or not at all.
  ///
  /// - Returns: The plan as it was last saved.
  /// - Throws: ``PersistenceError`` when reading fails or a stored value is malformed.
  public func load() throws(PersistenceError) -> Plan? {
    try database.withLock { (database: inout sending Database) throws(PersistenceError) in
      try PlanRecords.load(from: database)
    }
  }

  /// Replaces the saved plan with `plan`, in one `BEGIN IMMEDIATE` transaction.
  ///
  /// When it throws, nothing changed: the previous plan is still there.
  ///
  /// - Parameter plan: The plan to keep.
  /// - Throws: ``PersistenceError/busy`` when another connection held the lock for longer than
  ///   the busy timeout, or another ``PersistenceError``.
  public func save(_ plan: Plan) throws(PersistenceError) {
    try database.withLock { (database: inout sending Database) throws(PersistenceError) in
      try PlanRecords.save(plan, to: database)
    }
  }

  /// Runs `body` with the connection, holding the lock: for tests that query pragmas.
  ///
  /// - Parameter body: Work on the connection.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withDatabase<Result: Sendable>(
    _ body: (Database) throws -> Result
  ) throws -> Result {
    try database.withLock { database in try body(database) }
  }

  /// Opens the connection and runs the checks and settings of the type's discussion, in order.
  private static func open(path: String) throws(PersistenceError) -> Database {
    let exists = FileManager.default.fileExists(atPath: path)
    if !exists { try createFolder(of: path) }
    let database = try Database(path: path, create: !exists)
    try database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    let version = try database.userVersion()
    try database.checkIntegrity()
    guard version <= schemaVersion else {
      throw .newerSchema(found: version, supported: schemaVersion)
    }
    let mode = try database.query("PRAGMA journal_mode = WAL").first?.first?.text
    guard mode?.lowercased() == "wal" else {
      throw .sqlite(1, "cannot switch \(path) to WAL journal mode (it stays \(mode ?? "unknown"))")
    }
    try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
    try Migration.migrate(database)
    return database
  }

  /// Creates the folder that will hold a new database file at `path`.
  private static func createFolder(of path: String) throws(PersistenceError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateDirectory(folder.path)
    }
  }
}
