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
    case .readOnly: mode = readOnlyMode(of: path)
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

  /// Refuses a directory, a file the user may not read, or (read-only) a missing file, before
  /// SQLite touches anything; read-write, also a file SQLite could not write (the file, or
  /// its folder, not writable), with the reason.
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
    guard userMay(R_OK, path) else { throw .permissionDenied(path) }
    guard access == .readWrite else { return true }
    guard userMay(W_OK, path) else { throw .notWritable(path, .file) }
    // Every write goes through the -wal and -shm files, which SQLite creates in the folder.
    let folder = folder(of: path)
    guard userMay(W_OK, folder) else { throw .notWritable(path, .folder(folder)) }
    return true
  }

  /// How to open `path` read-only: as usual, or immutable when its folder cannot be written.
  ///
  /// SQLite needs a `-shm` file next to a WAL database even to read it, and cannot create
  /// one in a folder the user may not write. No process can write there either (a writer
  /// needs the `-wal`), so the file cannot change while it is open, which is what
  /// `immutable=1` asks for. The exception is a `-wal` that still holds commits (a writer
  /// that ended before the folder was made read-only, or is still writing as another
  /// user): immutable would read the file without them, so that file is opened as usual,
  /// and fails with ``PersistenceError/permissionDenied(_:)`` if SQLite cannot.
  private static func readOnlyMode(of path: String) -> Database.Mode {
    guard !userMay(W_OK, folder(of: path)) else { return .readOnly }
    let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size]
    if let size = wal as? NSNumber, size.intValue > 0 { return .readOnly }
    return .immutable
  }

  /// The folder holding the file at `path`.
  private static func folder(of path: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().path
  }

  /// Whether `access(2)` grants `mode` on `path`; other failures (a race with a removal) are
  /// left for SQLite to report.
  private static func userMay(_ mode: Int32, _ path: String) -> Bool {
    access(path, mode) == 0 || (errno != EACCES && errno != EPERM)
  }

  /// Creates the folder that will hold a new database file at `path`.
  private static func createFolder(of path: String) throws(PersistenceError) {
    let folder = URL(fileURLWithPath: folder(of: path))
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateDirectory(folder.path)
    }
  }
}
