import TrailsModel

extension TrailStore {
  /// The store backed by the SQLite database at `path`, opened (and checked) now: the
  /// ``TrailDatabase/store`` of a database that is closed when the store is released.
  ///
  /// Opening first surfaces a bad file at launch, with one line for the user, before the
  /// feature starts; the returned closures then run their calls one at a time on a thread of
  /// the store's own (a serial dispatch queue, as GRDB's writer), so a call waiting for
  /// another process's lock never blocks a thread of Swift's cooperative pool.
  /// `update` merges (see ``SQLiteTrailStore``), and `revision` is cheap enough to poll for
  /// other processes' writes.
  ///
  /// Read-only, a missing file is not an error: until some other process creates it, `load`
  /// returns `nil` and `revision` 0, and nothing (no file, no folder) is created; the first
  /// call that finds the file opens it. `update` always throws
  /// ``PersistenceError/readOnly(_:)``.
  ///
  /// A process that must leave the database as one file when it exits (no `-wal` beside it)
  /// opens a ``TrailDatabase`` instead, and closes it.
  ///
  /// ```swift
  /// let store = try TrailStore.sqlite(path: SQLiteTrailStore.defaultPath())
  /// let viewer = try TrailStore.sqlite(path: path, access: .readOnly)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The database file; by default ``SQLiteTrailStore/defaultPath(environment:)``.
  ///   - access: ``SQLiteTrailStore/Access/readWrite`` (the default) or
  ///     ``SQLiteTrailStore/Access/readOnly``.
  /// - Returns: A store whose calls throw ``PersistenceError``.
  /// - Throws: ``PersistenceError`` when the file cannot be opened, is not a trails database,
  ///   is damaged or has a newer schema; such a file is left untouched.
  public static func sqlite(
    path: String = SQLiteTrailStore.defaultPath(),
    access: SQLiteTrailStore.Access = .readWrite
  ) throws(PersistenceError) -> TrailStore {
    try TrailDatabase(path: path, access: access).store
  }
}
