import TrailsModel

/// How a ``Plan`` maps to the v1 tables, `plan`, `plan_day` and `plan_entry`.
///
/// Days keep their order in `plan_day.position`, trails theirs in `plan_entry.position`;
/// there is at most one plan, the row with `id = 1`. Every value is a bound parameter.
enum PlanRecords {
  /// Reads the plan in one read transaction, or `nil` when the tables are empty.
  static func load(from database: Database) throws(PersistenceError) -> Plan? {
    try database.readTransaction { () throws(PersistenceError) -> Plan? in
      let starts = try database.query("SELECT start_day FROM plan WHERE id = 1")
      guard let text = starts.first?.first?.text else { return nil }
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
      return Plan(start: start, days: days)
    }
  }

  /// Replaces the stored plan with `plan` in one `BEGIN IMMEDIATE` transaction.
  static func save(_ plan: Plan, to database: Database) throws(PersistenceError) {
    try database.transaction { () throws(PersistenceError) in
      try database.execute("DELETE FROM plan_entry; DELETE FROM plan_day; DELETE FROM plan;")
      try database.run("INSERT INTO plan (id, start_day) VALUES (1, ?)", [.text("\(plan.start)")])
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
}
