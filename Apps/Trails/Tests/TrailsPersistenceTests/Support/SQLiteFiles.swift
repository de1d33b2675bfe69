import Foundation
import TrailsModel
import TrailsPersistence

/// Database files made by hand, as other programs and older trails builds leave them.
///
/// Each is written through a plain connection (``Database``, rollback journal) that is
/// closed before the function returns, so the file stands alone: no `-wal`, no `-shm`.
enum SQLiteFiles {
  /// Trails' schema 1, exactly as trails wrote it before schema 2 (no application id).
  static let schemaOne = """
    CREATE TABLE plan (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      start_day TEXT NOT NULL
    );
    CREATE TABLE plan_day (
      plan_id INTEGER NOT NULL REFERENCES plan (id) ON DELETE CASCADE,
      position INTEGER NOT NULL CHECK (position >= 0),
      number INTEGER NOT NULL,
      PRIMARY KEY (plan_id, position)
    );
    CREATE TABLE plan_entry (
      plan_id INTEGER NOT NULL,
      day_position INTEGER NOT NULL,
      position INTEGER NOT NULL CHECK (position >= 0),
      trail_id TEXT NOT NULL,
      PRIMARY KEY (plan_id, day_position, position),
      FOREIGN KEY (plan_id, day_position)
        REFERENCES plan_day (plan_id, position) ON DELETE CASCADE
    );
    PRAGMA user_version = 1;
    """

  /// Creates a new database at `path` and runs constant `sql` on it.
  static func make(_ path: String, _ sql: String) throws {
    let database = try Database(path: path, mode: .create)
    try database.execute(sql)
  }

  /// Another program's notes database: a `notes` table with one row, then `extraSQL`.
  static func makeNotes(_ path: String, extraSQL: String = "") throws {
    try make(
      path,
      """
      CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
      INSERT INTO notes (body) VALUES ('buy more socks');
      \(extraSQL)
      """)
  }

  /// A trails schema-1 database holding `plan`, written as trails v1 wrote it.
  static func makeSchemaOne(_ path: String, plan: Plan) throws {
    let database = try Database(path: path, mode: .create)
    try database.execute(schemaOne)
    try database.run("INSERT INTO plan (id, start_day) VALUES (1, ?)", [.text("\(plan.start)")])
    for (dayPosition, day) in plan.days.enumerated() {
      try database.run(
        "INSERT INTO plan_day (plan_id, position, number) VALUES (1, ?, ?)",
        [.integer(Int64(dayPosition)), .integer(Int64(day.number))])
      for (position, trailID) in day.trailIDs.enumerated() {
        try database.run(
          "INSERT INTO plan_entry (plan_id, day_position, position, trail_id) VALUES (1, ?, ?, ?)",
          [.integer(Int64(dayPosition)), .integer(Int64(position)), .text(trailID)])
      }
    }
  }

  /// The application id and user version of the file at `path`, read through a read-only
  /// connection.
  static func header(_ path: String) throws -> (applicationID: Int32, userVersion: Int) {
    let database = try Database(path: path, mode: .readOnly)
    return (try database.applicationID(), try database.userVersion())
  }
}
