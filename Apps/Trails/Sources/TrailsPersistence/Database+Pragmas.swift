/// The pragmas the store reads on open: schema version and integrity.
extension Database {
  /// The schema version stored in the file's header (`PRAGMA user_version`); 0 when new.
  ///
  /// Reads the header, so on a file that is not a database this is the call that fails.
  ///
  /// - Returns: The version.
  /// - Throws: ``PersistenceError/notADatabase(_:)`` for a file that is not a database.
  package func userVersion() throws(PersistenceError) -> Int {
    let rows = try query("PRAGMA user_version")
    return Int(rows.first?.first?.integer ?? 0)
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
