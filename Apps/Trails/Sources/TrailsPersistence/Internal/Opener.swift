import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a connection and runs the checks of ``SQLitePlanDatabase``'s discussion, in order, so
/// that nothing is written to a file that fails one.
enum Opener {
  /// Opens, checks and (read-write) migrates the database at `path`.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - access: Read-write, or read-only: no create, no migration, no write of any kind.
  /// - Returns: The connection, ready for ``PlanRows``.
  /// - Throws: ``PersistenceError`` naming `path`.
  static func open(
    path: String, access: SQLitePlanDatabase.Access
  ) throws(PersistenceError) -> Database {
    let exists: Bool
    do {
      exists = try checkFile(at: path, access: access)
    } catch .notWritable(let path, let reason) {
      // What the file is comes first, as a read-only open finds it: a file that is not a
      // trails database is refused as such, whether or not the user may write it.
      _ = try open(path: path, access: .readOnly)
      throw .notWritable(path, reason)
    }
    let mode: Database.Mode
    switch access {
    case .readOnly: mode = readOnlyMode(of: path)
    case .readWrite where exists: mode = .readWrite
    case .readWrite:
      try createFolder(of: path)
      mode = .create
    }
    let database = try Database(path: path, mode: mode)
    try database.setBusyTimeout(milliseconds: SQLitePlanDatabase.busyTimeoutMilliseconds)
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

  /// Refuses a directory, a file the user may not read, a folder the user may not look in,
  /// or (read-only) a missing file, before SQLite touches anything; read-write, also a file
  /// SQLite could not write (the file, or its folder, not writable) or a new one it could not
  /// create (its folder not writable), with the reason.
  ///
  /// - Returns: Whether the file exists.
  private static func checkFile(
    at path: String, access: SQLitePlanDatabase.Access
  ) throws(PersistenceError) -> Bool {
    switch try entry(at: path) {
    case .missing:
      if access == .readOnly { throw .noSuchFile(path) }
      // A folder that exists must take the new file (and its -wal and -shm); a missing one
      // is created, or fails with its own line.
      let folder = folder(of: path)
      if case .directory = try entry(at: folder), !userMay(W_OK, folder) {
        throw .cannotCreate(path, folder: folder)
      }
      return false
    case .directory:
      throw .isADirectory(path)
    case .file:
      break
    }
    guard userMay(R_OK, path) else { throw .permissionDenied(path) }
    guard access == .readWrite else { return true }
    guard userMay(W_OK, path) else { throw .notWritable(path, .file) }
    // Every write goes through the -wal and -shm files, which SQLite creates in the folder.
    let folder = folder(of: path)
    guard userMay(W_OK, folder) else { throw .notWritable(path, .folder(folder)) }
    return true
  }

  /// What is at a path, as `stat(2)` finds it.
  enum Entry: Equatable {
    /// Nothing: no such file, or a part of the path is not a folder.
    case missing
    /// A folder.
    case directory
    /// Anything else (a file, a device); also what `stat` could not tell for a reason other
    /// than permissions, left for SQLite to report.
    case file
  }

  /// What is at `path`; a folder on the way that the user may not look in is an error, not
  /// a missing file.
  ///
  /// - Throws: ``PersistenceError/unreadableFolder(_:folder:)`` naming that folder.
  static func entry(at path: String) throws(PersistenceError) -> Entry {
    var info = stat()
    guard stat(path, &info) != 0 else {
      return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }
    switch errno {
    case ENOENT, ENOTDIR: return .missing
    case EACCES: throw .unreadableFolder(path, folder: unsearchableFolder(on: path))
    default: return .file
    }
  }

  /// The first folder on the way to `path` that the user may not look in (search, in
  /// `access(2)`'s words); the file's own folder when none says so.
  private static func unsearchableFolder(on path: String) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL
    var folder = URL(fileURLWithPath: "/")
    for component in absolute.deletingLastPathComponent().pathComponents.dropFirst() {
      folder.appendPathComponent(component)
      if access(folder.path, X_OK) != 0, errno == EACCES { return folder.path }
    }
    return Self.folder(of: path)
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
