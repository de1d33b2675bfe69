import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a connection and runs the checks of ``SQLiteTrailStore``'s discussion, in order, so
/// that nothing is written to a file that fails one.
enum Opener {
  /// Opens, checks and (read-write) migrates the database at `path`.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - access: Read-write, or read-only: no create, no migration, no write of any kind.
  /// - Returns: The connection, ready for ``PlanRecords``.
  /// - Throws: ``PersistenceError`` naming `path`.
  static func open(
    path: String, access: SQLiteTrailStore.Access
  ) throws(PersistenceError) -> Database {
    let exists = try checkFile(at: path, access: access)
    let mode: Database.Mode
    switch access {
    case .readOnly: mode = .readOnly
    case .readWrite where exists: mode = .readWrite
    case .readWrite:
      try createFolder(of: path)
      mode = .create
    }
    let database = try Database(path: path, mode: mode)
    try database.setBusyTimeout(milliseconds: SQLiteTrailStore.busyTimeoutMilliseconds)
    // One snapshot for every read of the verdict: another process creating the database at
    // this moment is seen either before its first transaction or after it, never half-way
    // (its tables without its application id).
    let kind = try database.readTransaction { () throws(PersistenceError) in
      try DatabaseKind.classify(database)
    }
    try database.checkIntegrity()
    guard access == .readWrite else { return database }
    // Switching a new file to WAL needs an exclusive lock, which SQLite refuses at once
    // (no busy handler) while another process opening the same new file holds a shared one.
    let journal = try database.retryingWhenBusy { () throws(PersistenceError) in
      try database.query("PRAGMA journal_mode = WAL").first?.first?.text
    }
    guard journal?.lowercased() == "wal" else {
      throw .sqlite(
        path, 1, "cannot switch to WAL journal mode (it stays \(journal ?? "unknown"))")
    }
    try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
    if kind == .empty { try Migration.initialise(database) }
    try Migration.migrate(database)
    return database
  }

  /// Refuses a directory, a file the user may not use, or (read-only) a missing file, before
  /// SQLite touches anything.
  ///
  /// - Returns: Whether the file exists.
  private static func checkFile(
    at path: String, access: SQLiteTrailStore.Access
  ) throws(PersistenceError) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      if access == .readOnly { throw .noSuchFile(path) }
      return false
    }
    if isDirectory.boolValue { throw .isADirectory(path) }
    guard userMay(access == .readOnly ? R_OK : R_OK | W_OK, path) else {
      throw .permissionDenied(path)
    }
    return true
  }

  /// Whether `access(2)` grants `mode` on `path`; other failures (a race with a removal) are
  /// left for SQLite to report.
  private static func userMay(_ mode: Int32, _ path: String) -> Bool {
    access(path, mode) == 0 || (errno != EACCES && errno != EPERM)
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
