/// The pragmas and schema queries a connection reads: ids, versions, tables and integrity.
extension Database {
  /// The application id stored in the file's header (`PRAGMA application_id`); 0 when unset.
  ///
  /// Reads the header, so on a file that is not a database this is the call that fails.
  ///
  /// - Returns: The id, as the signed 32-bit value SQLite stores.
  /// - Throws: ``PersistenceError/notADatabase(_:)`` for a file that is not a database.
  package func applicationID() throws(PersistenceError) -> Int32 {
    let rows = try query("PRAGMA application_id")
    return Int32(truncatingIfNeeded: rows.first?.first?.integer ?? 0)
  }

  /// The schema version stored in the file's header (`PRAGMA user_version`); 0 when new.
  ///
  /// Reads the header, so on a file that is not a database this call fails.
  ///
  /// - Returns: The version.
  /// - Throws: ``PersistenceError/notADatabase(_:)`` for a file that is not a database.
  package func userVersion() throws(PersistenceError) -> Int {
    let rows = try query("PRAGMA user_version")
    return Int(rows.first?.first?.integer ?? 0)
  }

  /// `PRAGMA data_version`: a number that changes when *another* connection commits.
  ///
  /// Two reads on this connection return the same value unless some other connection (in
  /// this process or another) committed in between; this connection's own commits do not
  /// change it.
  ///
  /// - Returns: The value, only meaningful compared with an earlier one of this connection.
  /// - Throws: ``PersistenceError`` when the file cannot be read.
  package func dataVersion() throws(PersistenceError) -> Int64 {
    try query("PRAGMA data_version").first?.first?.integer ?? 0
  }

  /// How many objects (tables, indexes, views, triggers) the schema holds; 0 when empty.
  ///
  /// - Returns: The number of rows in `sqlite_master`.
  /// - Throws: ``PersistenceError`` when the file cannot be read.
  package func schemaObjectCount() throws(PersistenceError) -> Int {
    Int(try query("SELECT count(*) FROM sqlite_master").first?.first?.integer ?? 0)
  }

  /// The names of the schema's tables, SQLite's own (`sqlite_...`) left out, sorted.
  ///
  /// - Returns: The names.
  /// - Throws: ``PersistenceError`` when the file cannot be read.
  package func tableNames() throws(PersistenceError) -> [String] {
    try query(
      """
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      ORDER BY name
      """
    ).compactMap { $0.first?.text }
  }

  /// Runs `PRAGMA integrity_check`, which only reads, and throws unless it says "ok".
  ///
  /// - Throws: ``PersistenceError/corrupt(_:_:)`` with the first problems SQLite lists, or
  ///   the error SQLite raised while checking.
  package func checkIntegrity() throws(PersistenceError) {
    let problems = try query("PRAGMA integrity_check").compactMap { $0.first?.text }
    guard problems == ["ok"] else {
      let firstProblems = problems.prefix(3).joined(separator: "; ")
      throw .corrupt(path, problems.isEmpty ? "integrity check returned nothing" : firstProblems)
    }
  }
}
