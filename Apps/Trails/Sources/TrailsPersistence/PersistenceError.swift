/// Why the plan could not be opened, read or saved; each case reads as one line for the user.
///
/// A file that fails a check (``notADatabase(_:)``, ``corrupt(_:_:)``,
/// ``newerSchema(found:supported:)``) is left exactly as it was found.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file at the path is not an SQLite database (SQLite's `SQLITE_NOTADB`).
  case notADatabase(String)
  /// The database at the path is damaged; the second value is what SQLite found.
  case corrupt(String, String)
  /// The database was written by a newer version of the app, with a schema it does not know.
  case newerSchema(found: Int, supported: Int)
  /// Another connection held the database for longer than the busy timeout.
  case busy
  /// Any other SQLite failure: the result code and SQLite's message.
  case sqlite(Int32, String)
  /// The folder for a new database at the path could not be created.
  case cannotCreateDirectory(String)

  /// One line saying what went wrong and what to do, for a CLI's stderr or an alert.
  public var userMessage: String {
    switch self {
    case .notADatabase(let path):
      "\(path) is not a trails database; it was left untouched (move it aside or use another)"
    case .corrupt(let path, let details):
      "the database \(path) is damaged (\(details)); it was left untouched (restore a backup)"
    case .newerSchema(let found, let supported):
      "the database was written by a newer trails (schema \(found), this one reads up to "
        + "\(supported)); update trails to open it"
    case .busy:
      "the database is in use by another trails process; try again when it has finished"
    case .sqlite(let code, let message):
      "the database failed: \(message) (SQLite error \(code))"
    case .cannotCreateDirectory(let path):
      "cannot create the folder \(path) for the database; check its permissions"
    }
  }

  /// The same line as ``userMessage``.
  public var description: String { userMessage }
}
