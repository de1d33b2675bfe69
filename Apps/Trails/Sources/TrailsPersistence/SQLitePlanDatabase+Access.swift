extension SQLitePlanDatabase {
  /// Whether a database may change its file, chosen when it is opened.
  public enum Access: Hashable, Sendable {
    /// Reads and writes; creates the file and its folder when missing, and migrates it.
    case readWrite
    /// Only reads (`SQLITE_OPEN_READONLY`): never creates, migrates or writes anything, so it
    /// works on a file the user cannot write, also in a folder they cannot write;
    /// ``SQLitePlanDatabase/update(_:)`` throws ``PersistenceError/readOnly(_:)``. Reads
    /// schema 1 and 2 files as they are.
    case readOnly
  }
}
