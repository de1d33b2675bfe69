/// One step of the schema: the SQL that brings a database from `version - 1` to `version`.
///
/// Each step's SQL ends by setting `PRAGMA user_version` to its own version (a pragma takes
/// no bound parameters, so the number is written in the constant SQL), and
/// ``migrate(_:)`` runs the whole step in one write transaction: a step is either done
/// completely, version included, or not at all.
///
/// - Version 1: the tables `plan`, `plan_day` and `plan_entry` (see `PlanRows`).
/// - Version 2: `plan.revision`, the number of writes that made the stored plan (no `plan`
///   row means nothing was ever written: revision 0). A v1 database that holds a plan starts
///   at revision 1, its v1 save counted as one write. The step also stamps
///   ``SQLitePlanDatabase/applicationID``, so a v1 file, which has no id, becomes one.
///
/// A new database gets every step in one transaction (``initialise(_:)``), so no other
/// process ever sees it half made or without the application id.
struct Migration {
  /// The schema version after this step.
  let version: Int
  /// Constant SQL: the schema change, then `PRAGMA user_version = <version>`.
  let sql: String

  /// Every step, oldest first; the last one's version is the newest schema this build knows.
  static let all: [Migration] = [
    Migration(
      version: 1,
      sql: """
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
    ),
    Migration(
      version: 2,
      sql: """
        ALTER TABLE plan ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
        UPDATE plan SET revision = 1;
        PRAGMA application_id = \(SQLitePlanDatabase.applicationID);
        PRAGMA user_version = 2;
        """
    ),
  ]

  /// The newest schema version this build knows.
  static var latestVersion: Int { all.last?.version ?? 0 }

  /// Makes an empty database a trails database at ``latestVersion``, in one transaction.
  ///
  /// Re-reads the file inside the transaction: when another process initialised it since it
  /// was classified, this does nothing (and ``migrate(_:)`` finds it up to date).
  ///
  /// - Parameter database: A read-write connection to a database classified as empty.
  /// - Throws: ``PersistenceError`` when the file is no longer empty and not trails', or
  ///   writing fails.
  static func initialise(_ database: Database) throws(PersistenceError) {
    try database.transaction { () throws(PersistenceError) in
      guard try DatabaseKind.classify(database) == .empty else { return }
      for migration in all { try migration.apply(to: database) }
    }
  }

  /// Brings `database` up to ``latestVersion``, one step per transaction.
  ///
  /// An up-to-date database takes no write lock. Each step re-reads the version inside its
  /// transaction, so two connections migrating at once run each step once.
  static func migrate(_ database: Database) throws(PersistenceError) {
    let current = try database.userVersion()
    for migration in all where migration.version > current {
      try migration.step(database)
    }
  }

  /// Runs this step in one write transaction, unless the database has reached its version
  /// since ``migrate(_:)`` read it: another connection migrating at once ran it.
  func step(_ database: Database) throws(PersistenceError) {
    try database.transaction { () throws(PersistenceError) in
      guard try database.userVersion() < version else { return }
      try apply(to: database)
    }
  }

  /// Runs this step's SQL and checks that it set the version it promises.
  private func apply(to database: Database) throws(PersistenceError) {
    try database.execute(sql)
    let reached = try database.userVersion()
    guard reached == version else {
      throw .sqlite(
        database.path, 1, "migration to schema \(version) left user_version at \(reached)")
    }
  }
}
