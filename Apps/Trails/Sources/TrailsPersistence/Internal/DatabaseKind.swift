/// What an opened file is, judged from its header and schema before anything is written.
///
/// ``classify(_:)`` reads `PRAGMA application_id` and `PRAGMA user_version` first (on a file
/// that is not a database, that first read fails with ``PersistenceError/notADatabase(_:)``),
/// then decides:
///
/// | application id | user version, schema | verdict |
/// |---|---|---|
/// | trails' | up to ``SQLitePlanDatabase/schemaVersion`` | ``trails(version:)`` |
/// | trails' | newer | ``PersistenceError/newerSchema(_:found:supported:)`` |
/// | another, non-zero | any | ``PersistenceError/foreignDatabase(_:_:)`` |
/// | 0 | 0, no schema objects | ``empty`` (a new trails database) |
/// | 0 | 1, exactly `plan`, `plan_day`, `plan_entry` | ``legacy`` (trails v1, before the id) |
/// | 0 | anything else | ``PersistenceError/foreignDatabase(_:_:)`` |
///
/// An empty schema with a non-zero user version is refused too: some other program stamped it.
enum DatabaseKind: Equatable {
  /// No schema and no ids: a new database, to be initialised as trails'.
  case empty
  /// The trails v1 schema, written before trails stamped an application id.
  case legacy
  /// Stamped with trails' application id, at a schema version this build knows.
  case trails(version: Int)

  /// The tables of the v1 schema, sorted.
  static let legacyTables = ["plan", "plan_day", "plan_entry"]

  /// Reads the ids and, when there is no id, the tables; throws for a file not to open.
  ///
  /// Only reads. Inside a transaction, it sees that transaction's snapshot.
  ///
  /// - Parameter database: The connection.
  /// - Returns: The kind of database.
  /// - Throws: ``PersistenceError/notADatabase(_:)``,
  ///   ``PersistenceError/newerSchema(_:found:supported:)``,
  ///   ``PersistenceError/foreignDatabase(_:_:)``, or the error of a failed read.
  static func classify(_ database: Database) throws(PersistenceError) -> DatabaseKind {
    let applicationID = try database.applicationID()
    let version = try database.userVersion()
    let supported = SQLitePlanDatabase.schemaVersion
    switch applicationID {
    case SQLitePlanDatabase.applicationID:
      guard version <= supported else {
        throw .newerSchema(database.path, found: version, supported: supported)
      }
      return .trails(version: version)
    case 0:
      if version == 0, try database.schemaObjectCount() == 0 { return .empty }
      let tables = try database.tableNames()
      if version == 1, tables == legacyTables { return .legacy }
      let reason =
        tables.isEmpty
        ? "it has user_version \(version) and no trails application id"
        : "it has tables and no trails application id"
      throw .foreignDatabase(database.path, reason)
    default:
      throw .foreignDatabase(
        database.path,
        "its application id is \(hex(applicationID)), trails' is "
          + hex(SQLitePlanDatabase.applicationID))
    }
  }

  /// `id` as eight hexadecimal digits after `0x`, its bits read unsigned.
  static func hex(_ id: Int32) -> String {
    let digits = String(UInt32(bitPattern: id), radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }
}
