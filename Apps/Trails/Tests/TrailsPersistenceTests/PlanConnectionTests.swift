import Foundation
import TestSupport
import Testing
import TrailsModel
import TrailsPersistence

/// One connection, called synchronously: what the plan's reads and writes do to the file.
struct PlanConnectionTests {
  @Test func anUpdatedPlanLoadsWhenTheFileIsReopened() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    let stored = try PlanConnection(path: path).update { _ in plan }
    #expect(stored == StoredPlan(plan: plan, revision: 1))
    #expect(try PlanConnection(path: path).load() == stored)
  }

  @Test func loadIsNilAndTheRevisionZeroWhenNothingWasWritten() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let connection = try PlanConnection(path: folder.path("new.sqlite"))
    #expect(try connection.load() == nil)
    #expect(try connection.revision() == 0)
  }

  @Test func updateIsGivenNilWhenNothingWasWritten() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let connection = try PlanConnection(path: folder.path("new.sqlite"))
    let base = try SamplePlans.emptyDay()
    let stored = try connection.update(SamplePlans.appending("first", to: base))
    #expect(stored.plan.days == [PlanDay(number: 1, trailIDs: ["first"])])
    #expect(stored.revision == 1)
  }

  @Test func anEmptyFileBecomesATrailsDatabaseAtTheLatestSchema() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let connection = try PlanConnection(path: path)
    let (tables, applicationID, version) = try connection.withDatabase { database in
      (try database.tableNames(), try database.applicationID(), try database.userVersion())
    }
    #expect(SQLitePlanDatabase.schemaVersion == 2)
    #expect(version == 2)
    #expect(applicationID == SQLitePlanDatabase.applicationID)
    #expect(SQLitePlanDatabase.applicationID == 0x5452_4C53)
    #expect(tables == ["plan", "plan_day", "plan_entry"])
    #expect(try connection.load() == nil)
  }

  @Test func aNewFileGetsTheApplicationIDWhenItIsCreated() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    do { _ = try PlanConnection(path: path) }
    let header = try SQLiteFiles.header(path)
    #expect(header.applicationID == SQLitePlanDatabase.applicationID)
    #expect(header.userVersion == SQLitePlanDatabase.schemaVersion)
  }

  @Test func aMissingFolderIsCreatedWhenTheFileIsNew() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("data/trails/trails.sqlite")
    let plan = try SamplePlans.oneDay()
    _ = try PlanConnection(path: path).update { _ in plan }
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func theFolderErrorNamesItWhenItCannotBeCreated() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    #expect(FileManager.default.createFile(atPath: folder.path("file"), contents: Data("x".utf8)))
    #expect(throws: PersistenceError.cannotCreateDirectory(folder.path("file/sub"))) {
      try PlanConnection(path: folder.path("file/sub/trails.sqlite"))
    }
  }

  @Test func walFullSynchronousForeignKeysAndBusyTimeoutAreOnWhenANewOrExistingFileIsOpened()
    throws
  {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    for _ in 0..<2 {  // a new file, then the same file again
      let connection = try PlanConnection(path: folder.path("trails.sqlite"))
      let values = try connection.withDatabase { database in
        try ["journal_mode", "synchronous", "foreign_keys"].map { name in
          try database.query("PRAGMA \(name)").first?.first
        }
      }
      #expect(values == [.text("wal"), .integer(2), .integer(1)])
      // The busy wait is the connection's own handler (a try every millisecond), which
      // `PRAGMA busy_timeout` does not report.
      #expect(try connection.withDatabase { $0.busyTimeoutMilliseconds } == 5_000)
    }
  }

  @Test func foreignKeysRejectATrailOfNoDay() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let connection = try PlanConnection(path: folder.path("trails.sqlite"))
    let plan = try SamplePlans.oneDay()
    _ = try connection.update { _ in plan }
    #expect(throws: PersistenceError.self) {
      try connection.withDatabase { database in
        try database.run(
          "INSERT INTO plan_entry (plan_id, day_position, position, trail_id) VALUES (1, ?, 0, ?)",
          [7, "orphan"])
      }
    }
  }

  @Test func anUpdateReplacesTheRowsWithoutLeftovers() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let connection = try PlanConnection(path: folder.path("trails.sqlite"))
    let larger = try SamplePlans.threeDays()
    let smaller = try SamplePlans.oneDay()
    _ = try connection.update { _ in larger }
    _ = try connection.update { _ in smaller }
    #expect(try connection.load() == StoredPlan(plan: smaller, revision: 2))
    let counts = try connection.withDatabase { database in
      try ["plan", "plan_day", "plan_entry"].map { table in
        try database.query("SELECT count(*) FROM \(table)").first?.first
      }
    }
    #expect(counts == [.integer(1), .integer(1), .integer(1)])
  }

  /// 0 fails at once; 200 waits (a lock held a moment would have been won), then fails.
  @Test(arguments: [0, 200])
  func aFailedUpdateKeepsThePreviousPlanWhenAnotherConnectionHoldsTheLock(
    milliseconds: Int32
  ) throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let connection = try PlanConnection(path: path)
    let saved = try SamplePlans.oneDay()
    let other = try SamplePlans.threeDays()
    _ = try connection.update { _ in saved }
    // Shorter than the five-second busy timeout the connection opens with.
    try connection.withDatabase { try $0.setBusyTimeout(milliseconds: milliseconds) }
    let holder = try PlanConnection(path: path)
    try holder.withDatabase { database in
      try database.execute("BEGIN IMMEDIATE")
      let clock = ContinuousClock()
      let start = clock.now
      #expect(
        throws: PersistenceError.busy(path, timeoutMilliseconds: Int(milliseconds))
      ) {
        try connection.update { _ in other }
      }
      #expect(start.duration(to: clock.now) >= .milliseconds(Int(milliseconds)))
      try database.execute("ROLLBACK")
    }
    #expect(try connection.load() == StoredPlan(plan: saved, revision: 1))
    #expect(try connection.revision() == 1)
  }

  @Test func aStatementRefusedAtOnceAsBusyIsTriedAgainUntilTheBusyTimeout() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let connection = try PlanConnection(path: path)
    try connection.withDatabase { database in
      var tries = 0
      let answer = try database.retryingWhenBusy { () throws(PersistenceError) -> Int in
        tries += 1
        if tries < 3 { throw .busy(path, timeoutMilliseconds: 5_000) }
        return 7
      }
      #expect(answer == 7)
      #expect(tries == 3)

      try database.setBusyTimeout(milliseconds: 50)
      let clock = ContinuousClock()
      let start = clock.now
      #expect(throws: PersistenceError.busy(path, timeoutMilliseconds: 50)) {
        try database.retryingWhenBusy { () throws(PersistenceError) in
          throw .busy(path, timeoutMilliseconds: 50)
        }
      }
      #expect(start.duration(to: clock.now) >= .milliseconds(50))
      // Other errors are not tried again.
      tries = 0
      #expect(throws: PersistenceError.noSuchFile(path)) {
        try database.retryingWhenBusy { () throws(PersistenceError) in
          tries += 1
          throw .noSuchFile(path)
        }
      }
      #expect(tries == 1)
    }
  }

  @Test func aPathWithSpacesHashQuestionMarkAndPercentNamesExactlyThatFile() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let name = "plan #1? 100% mine.sqlite"
    let path = folder.path(name)
    let plan = try SamplePlans.oneDay()

    _ = try PlanConnection(path: path).update { _ in plan }

    #expect(
      try PlanConnection(path: path, access: .readOnly).load()
        == StoredPlan(plan: plan, revision: 1))
    // A user who may not write the folder gets the file opened immutable, by a URI that must
    // escape the name. Root may write every folder, so that open is made here directly, as
    // the opener makes it.
    let immutable = try Database(path: path, mode: .immutable)
    #expect(try immutable.query("SELECT count(*) FROM plan_day").first?.first == .integer(1))
    #expect(try folder.contents().contains(name))
  }

  @Test func aWriteIsRefusedWhenTheSchemaWasChangedAfterTheOpenAndLeavesTheFileUnlocked()
    throws
  {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let connection = try PlanConnection(path: path)
    let plan = try SamplePlans.oneDay()
    _ = try connection.update { _ in plan }
    let other = try Database(path: path, mode: .readWrite)  // another program, which lowers it
    try other.execute("PRAGMA user_version = 1")

    do {
      _ = try connection.update { _ in Plan(start: plan.start) }
      Issue.record("a database of schema 1 was written")
    } catch {
      #expect(
        error.userMessage
          == "the database \(path) failed: schema 1 where 2 was expected (SQLite error 1)")
    }
    #expect(try other.userVersion() == 1)
    #expect(try other.query("SELECT count(*) FROM plan_entry").first?.first == .integer(1))
    // The refused write ended its transaction: another program may write the file, and the
    // next write, once the schema is back, goes through.
    try other.execute("PRAGMA user_version = 2")
    #expect(try connection.update { _ in plan }.revision == 2)
  }

  @Test func twoConnectionsReplacingAlternatelyBothSucceedAndTheLastWins() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let first = try PlanConnection(path: path)
    let second = try PlanConnection(path: path)
    let plans = try (1...4).map { try SamplePlans.oneDay(start: "2027-01-0\($0)") }
    for (index, plan) in plans.enumerated() {
      let connection = index.isMultiple(of: 2) ? first : second
      #expect(try connection.update { _ in plan }.revision == index + 1)
    }
    let last = StoredPlan(plan: plans[3], revision: 4)
    #expect(try first.load() == last)
    #expect(try second.load() == last)
    #expect(try PlanConnection(path: path).load() == last)
  }

}
