import CalendarDay
import TrailsModel

/// How a ``StoredPlan`` maps to the tables `plan`, `plan_day` and `plan_entry`.
///
/// Days keep their order in `plan_day.position`, trails theirs in `plan_entry.position`;
/// there is at most one plan, the row with `id = 1`, and its `revision` column (schema 2)
/// counts the writes. No `plan` row is revision 0. Every value is a bound parameter.
///
/// Each read checks `PRAGMA user_version` in its own transaction, so it reads the schema the
/// file has now: a read-only connection reads a v1 file (revision 1 when it holds a plan, as the
/// v2 migration would make it) and goes on working when another process migrates it.
enum PlanRows {
  /// Reads the plan and its revision in one read transaction; `nil` when none was written.
  static func load(from database: Database) throws(PersistenceError) -> StoredPlan? {
    try database.readTransaction { () throws(PersistenceError) -> StoredPlan? in
      try read(database, version: try database.userVersion())
    }
  }

  /// Reads the revision alone, in one read transaction: 0 when nothing was written.
  static func revision(of database: Database) throws(PersistenceError) -> Int {
    try database.readTransaction { () throws(PersistenceError) -> Int in
      guard let revision = try revisionColumn(database, version: try database.userVersion())
      else { return 0 }
      let rows = try database.query("SELECT \(revision) FROM plan WHERE id = 1")
      return Int(rows.first?.first?.integer ?? 0)
    }
  }

  /// Reads the stored plan, applies `change` and writes the result as the next revision, in
  /// one `BEGIN IMMEDIATE` transaction; no other connection writes in between.
  ///
  /// - Returns: What was stored, the change's output, and `PRAGMA data_version` as of the
  ///   commit (this connection's commit does not change it, and no other can commit while it
  ///   holds the write lock).
  static func update<Output>(
    _ database: Database, _ change: (Plan?) -> (plan: Plan, output: Output)
  ) throws(PersistenceError) -> (stored: StoredPlan, output: Output, dataVersion: Int64) {
    try database.transaction { () throws(PersistenceError) in
      let version = try database.userVersion()
      let supported = SQLitePlanDatabase.schemaVersion
      guard version == supported else {
        if version > supported {
          throw .newerSchema(database.path, found: version, supported: supported)
        }
        throw .sqlite(database.path, 1, "schema \(version) where \(supported) was expected")
      }
      let current = try read(database, version: version)
      let (plan, output) = change(current?.plan)
      let stored = StoredPlan(plan: plan, revision: (current?.revision ?? 0) + 1)
      try write(stored, to: database)
      return (stored, output, try database.dataVersion())
    }
  }

  /// The SQL that reads the revision from a `plan` row at schema `version`; `nil` when that
  /// schema has no tables (an empty database, read-only).
  private static func revisionColumn(
    _ database: Database, version: Int
  ) throws(PersistenceError) -> String? {
    switch version {
    case 0: return nil
    // Schema 1 kept no revision: a stored plan counts as one write.
    case 1: return "1"
    case SQLitePlanDatabase.schemaVersion: return "revision"
    default:
      throw .newerSchema(
        database.path, found: version, supported: SQLitePlanDatabase.schemaVersion)
    }
  }

  /// Reads the stored plan at schema `version`; call inside a transaction.
  private static func read(
    _ database: Database, version: Int
  ) throws(PersistenceError) -> StoredPlan? {
    guard let revision = try revisionColumn(database, version: version) else { return nil }
    let plans = try database.query("SELECT start_day, \(revision) FROM plan WHERE id = 1")
    guard let row = plans.first, let text = row[0].text else { return nil }
    guard let start = Day(text) else {
      throw .corrupt(database.path, "the plan's start day \"\(text)\" is not a date")
    }
    var days: [PlanDay] = []
    var indexOfPosition: [Int64: Int] = [:]
    let dayRows = try database.query(
      "SELECT position, number FROM plan_day WHERE plan_id = 1 ORDER BY position")
    for row in dayRows {
      guard let position = row[0].integer, let number = row[1].integer else {
        throw .corrupt(database.path, "a plan day has no number")
      }
      indexOfPosition[position] = days.count
      days.append(PlanDay(number: Int(number)))
    }
    let entryRows = try database.query(
      """
      SELECT day_position, trail_id FROM plan_entry WHERE plan_id = 1
      ORDER BY day_position, position
      """)
    for row in entryRows {
      guard let position = row[0].integer, let index = indexOfPosition[position],
        let trailID = row[1].text
      else { throw .corrupt(database.path, "a planned trail belongs to no day") }
      days[index].trailIDs.append(trailID)
    }
    return StoredPlan(plan: Plan(start: start, days: days), revision: Int(row[1].integer ?? 0))
  }

  /// Replaces the rows with `stored`; call inside a write transaction, at schema 2.
  private static func write(
    _ stored: StoredPlan, to database: Database
  ) throws(PersistenceError) {
    let plan = stored.plan
    try database.execute("DELETE FROM plan_entry; DELETE FROM plan_day; DELETE FROM plan;")
    try database.run(
      "INSERT INTO plan (id, start_day, revision) VALUES (1, ?, ?)",
      [.text("\(plan.start)"), .integer(Int64(stored.revision))])
    let insertDay = try database.prepare(
      "INSERT INTO plan_day (plan_id, position, number) VALUES (1, ?, ?)")
    let insertEntry = try database.prepare(
      "INSERT INTO plan_entry (plan_id, day_position, position, trail_id) VALUES (1, ?, ?, ?)")
    for (dayPosition, day) in plan.days.enumerated() {
      try insertDay.run([.integer(Int64(dayPosition)), .integer(Int64(day.number))])
      for (position, trailID) in day.trailIDs.enumerated() {
        try insertEntry.run([
          .integer(Int64(dayPosition)), .integer(Int64(position)), .text(trailID),
        ])
      }
    }
  }
}
