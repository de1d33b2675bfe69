/// Why the plan could not be opened, read or written; each case reads as one line for the user.
///
/// Every case names the file it is about (the database, or for
/// ``cannotCreateDirectory(_:)`` the folder meant to hold it), and ``userMessage`` says what
/// went wrong and what to do. A file refused on open (``notADatabase(_:)``,
/// ``corrupt(_:_:)``, ``newerSchema(_:found:supported:)``, ``foreignDatabase(_:_:)``) is left
/// byte for byte as it was found: ``SQLitePlanDatabase`` runs its checks before any write.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file at the path is not an SQLite database (SQLite's `SQLITE_NOTADB`).
  case notADatabase(String)
  /// The database at the path is damaged; the second value is what SQLite found.
  case corrupt(String, String)
  /// The trails database at the path has a schema newer than this build knows: it was
  /// written by a newer trails.
  case newerSchema(String, found: Int, supported: Int)
  /// The SQLite database at the path belongs to another application; the second value says
  /// how that was recognised (its application id, or tables without trails' id).
  case foreignDatabase(String, String)
  /// The path names a directory, not a database file.
  case isADirectory(String)
  /// There is no file at the path, and a read-only database never creates one.
  case noSuchFile(String)
  /// The user may not read (or, opening read-write, write) the file at the path.
  case permissionDenied(String)
  /// The user may not look in the folder, named second, that holds (or would hold) the file
  /// at the path: whether the file is there cannot even be told, so it is neither an empty
  /// plan nor a new database.
  case unreadableFolder(String, folder: String)
  /// There is no file at the path, and the folder meant to hold it, named second, is not
  /// writable, so no database can be created there.
  case cannotCreate(String, folder: String)
  /// The database at the path was opened read-only, so it cannot change the plan.
  case readOnly(String)
  /// The database at the path can be read but not written, for the reason given: opening it
  /// read-only works (``SQLitePlanDatabase/Access/readOnly``), editing cannot.
  case notWritable(String, Unwritable)
  /// Another connection held the database at the path for longer than the busy timeout, in
  /// milliseconds.
  case busy(String, timeoutMilliseconds: Int)
  /// Any other SQLite failure on the database at the path: the result code and SQLite's
  /// message.
  case sqlite(String, Int32, String)
  /// The folder at the path, meant to hold a new database, could not be created.
  case cannotCreateDirectory(String)
  /// The connection to the database at the path was closed (``SQLitePlanDatabase/close()``):
  /// a call that comes after the process closed its database, on its way out.
  case closed(String)

  /// One line saying what went wrong and what to do, for a CLI's stderr or an alert.
  public var userMessage: String {
    switch self {
    case .notADatabase(let path):
      "\(path) is not a trails database; it was left untouched (move it aside or use another)"
    case .corrupt(let path, let details):
      "the database \(path) is damaged (\(details)); it was left untouched (restore a backup)"
    case .newerSchema(let path, let found, let supported):
      "\(path) was written by a newer trails (schema \(found), this one reads up to "
        + "\(supported)); it was left untouched (update trails to open it)"
    case .foreignDatabase(let path, let reason):
      "\(path) belongs to another application (\(reason)); it was left untouched "
        + "(use another database file)"
    case .isADirectory(let path):
      "\(path) is a directory, not a database file; give the path of a file"
    case .noSuchFile(let path):
      "\(path) does not exist, and opening read-only never creates it"
    case .permissionDenied(let path):
      "permission denied for \(path); check the permissions of the file and its folder"
    case .unreadableFolder(let path, let folder):
      "cannot look in the folder \(folder) (permission denied), so \(path) cannot be read; "
        + "check the permissions of the folder"
    case .cannotCreate(let path, let folder):
      "cannot create the database \(path): its folder \(folder) is not writable; make the "
        + "folder writable, or use another database file"
    case .readOnly(let path):
      "\(path) is open read-only, so the plan cannot be changed; open it read-write to edit"
    case .notWritable(let path, .file):
      "\(path) is read-only (the file is not writable), so the plan cannot be changed; "
        + "make the file writable to edit"
    case .notWritable(let path, .folder(let folder)):
      "\(path) is read-only (its folder \(folder) is not writable, and SQLite writes the "
        + "-wal and -shm files next to the database), so the plan cannot be changed; make the "
        + "folder writable to edit"
    case .busy(let path, let milliseconds):
      "\(path) was in use by another trails process for longer than \(milliseconds) ms; "
        + "try again when it has finished"
    case .sqlite(let path, let code, let message):
      "the database \(path) failed: \(message) (SQLite error \(code))"
    case .cannotCreateDirectory(let path):
      "cannot create the folder \(path) for the database; check its permissions"
    case .closed(let path):
      "the database \(path) was closed before this call; open it again to use it"
    }
  }

  /// The same line as ``userMessage``.
  public var description: String { userMessage }

  /// Whether only writing is impossible: the same file opens read-only
  /// (``SQLitePlanDatabase/Access/readOnly``), to browse the plan it holds, or none yet.
  ///
  /// True for ``notWritable(_:_:)`` and ``cannotCreate(_:folder:)``.
  public var allowsReading: Bool {
    switch self {
    case .notWritable, .cannotCreate: true
    case .notADatabase, .corrupt, .newerSchema, .foreignDatabase, .isADirectory, .noSuchFile,
      .permissionDenied, .unreadableFolder, .readOnly, .busy, .sqlite, .cannotCreateDirectory,
      .closed:
      false
    }
  }
}

extension PersistenceError {
  /// Why a database that can be read cannot be written.
  public enum Unwritable: Equatable, Sendable {
    /// The file itself is not writable (its mode, or its owner).
    case file
    /// The folder holding the file, at the path, is not writable: SQLite writes through
    /// `-wal` and `-shm` files it creates next to the database.
    case folder(String)
  }
}
