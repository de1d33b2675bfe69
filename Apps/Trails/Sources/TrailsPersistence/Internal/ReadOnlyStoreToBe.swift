import Foundation
import LoopSynchronization

/// The read-only store of a file that did not exist yet: opened by the first call that finds
/// the file, until then nothing.
///
/// Never creates the file or its folder; once another process has created the database, the
/// next call opens it (``SQLiteTrailStore/Access/readOnly``) and every later call uses that
/// store.
final class ReadOnlyStoreToBe: Sendable {
  /// The database file.
  let path: String
  /// The store, once the file existed.
  private let opened = Mutex<SQLiteTrailStore?>(nil)

  /// Waits for the file at `path`, without touching anything.
  init(path: String) {
    self.path = path
  }

  /// The store when the file exists now (opening it on first sight), else `nil`.
  ///
  /// - Throws: ``PersistenceError`` when the file exists but cannot be opened read-only.
  func store() throws(PersistenceError) -> SQLiteTrailStore? {
    try opened.withLock {
      (opened: inout sending SQLiteTrailStore?) throws(PersistenceError) -> SQLiteTrailStore? in
      if let opened { return opened }
      guard FileManager.default.fileExists(atPath: path) else { return nil }
      let store = try SQLiteTrailStore(path: path, access: .readOnly)
      opened = store
      return store
    }
  }
}
