import TrailsModel

extension TrailStore {
  /// The store backed by the SQLite database at `path`, opened (and checked) now.
  ///
  /// Opening first surfaces a bad file at launch, with one line for the user, before the
  /// feature starts; the returned closures then serialise their calls on the one connection.
  ///
  /// ```swift
  /// let store = try TrailStore.sqlite(path: SQLiteTrailStore.defaultPath())
  /// ```
  ///
  /// - Parameter path: The database file; by default ``SQLiteTrailStore/defaultPath(environment:)``.
  /// - Returns: A store whose `load` and `save` throw ``PersistenceError``.
  /// - Throws: ``PersistenceError`` when the file cannot be opened, is not a trails database,
  ///   is damaged or has a newer schema; such a file is left untouched.
  public static func sqlite(
    path: String = SQLiteTrailStore.defaultPath()
  ) throws(PersistenceError) -> TrailStore {
    let store = try SQLiteTrailStore(path: path)
    return TrailStore(load: { try store.load() }, save: { try store.save($0) })
  }
}
