/// A ``PlanConnection``'s SQLite connection and what it last learned about the revision, kept
/// together.
struct Connection {
  /// The open database.
  let database: Database
  /// `PRAGMA data_version` and the revision, as this connection last read or wrote them;
  /// `nil` before the first read.
  ///
  /// While `PRAGMA data_version` still answers `dataVersion`, no other connection has
  /// committed, so the revision is still `revision`. This connection's own writes do not
  /// change `data_version`, so every write through the connection sets this anew.
  var seen: (dataVersion: Int64, revision: Int)?
  /// `PRAGMA data_version`, compiled once: ``PlanConnection/revision()`` runs it on every
  /// call.
  private let dataVersionQuery: Statement

  /// Wraps `database`, which knows nothing yet about its revision.
  init(_ database: Database) throws(PersistenceError) {
    self.database = database
    dataVersionQuery = try database.prepare("PRAGMA data_version")
  }

  /// Reads `PRAGMA data_version` with the compiled statement.
  func dataVersion() throws(PersistenceError) -> Int64 {
    try dataVersionQuery.rows().first?.first?.integer ?? 0
  }
}
