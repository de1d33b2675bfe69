import Foundation
import TrailsModel

extension TrailStore {
  /// The store backed by the SQLite database at `path`, opened (and checked) now.
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
    let queue = DatabaseQueue(path: path)
    if access == .readOnly, !FileManager.default.fileExists(atPath: path) {
      let later = ReadOnlyStoreToBe(path: path)
      return TrailStore(
        load: { try await queue.run { try later.store()?.load() } },
        update: { _ in throw PersistenceError.readOnly(path) },
        revision: { try await queue.run { try later.store()?.revision() ?? 0 } })
    }
    let store = try SQLiteTrailStore(path: path, access: access)
    return TrailStore(
      load: { try await queue.run { try store.load() } },
      update: { change in try await queue.run { try store.update(change) } },
      revision: { try await queue.run { try store.revision() } })
  }
}
