import TestSupport
import Testing
import TrailsModel
import TrailsPersistence

/// Files written by an older trails: opened, migrated to the latest schema, plan kept.
struct SchemaMigrationTests {
  @Test func aSchemaOneDatabaseMigratesKeepsItsPlanAndGetsTheApplicationID() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    try SQLiteFiles.makeSchemaOne(path, plan: plan)
    let before = try SQLiteFiles.header(path)
    #expect(before.applicationID == 0)
    #expect(before.userVersion == 1)

    let connection = try PlanConnection(path: path)

    let (applicationID, version, columns) = try connection.withDatabase { database in
      (
        try database.applicationID(), try database.userVersion(),
        try database.query("SELECT name FROM pragma_table_info('plan') ORDER BY cid")
          .compactMap { $0.first?.text }
      )
    }
    #expect(applicationID == SQLitePlanDatabase.applicationID)
    #expect(version == 2)
    #expect(columns == ["id", "start_day", "revision"])
    // The v1 save counts as one write.
    #expect(try connection.load() == StoredPlan(plan: plan, revision: 1))
    #expect(try connection.revision() == 1)
    let next = try connection.update(SamplePlans.appending("added-after-migration", to: plan))
    #expect(next.revision == 2)
    #expect(next.plan.days[0].trailIDs.last == "added-after-migration")
  }

  @Test func aSchemaOneDatabaseReadOnlyGivesItsPlanAtRevisionOneAndStaysSchemaOne() throws {
    // `trails plan` reads without migrating: the v1 save still counts as one write.
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    try SQLiteFiles.makeSchemaOne(path, plan: plan)

    let connection = try PlanConnection(path: path, access: .readOnly)

    #expect(try connection.load() == StoredPlan(plan: plan, revision: 1))
    #expect(try connection.revision() == 1)
    #expect(try SQLiteFiles.header(path).userVersion == 1)
  }

  @Test func anEmptySchemaOneDatabaseMigratesAtRevisionZero() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    try SQLiteFiles.make(path, SQLiteFiles.schemaOne)

    let connection = try PlanConnection(path: path)

    #expect(try connection.load() == nil)
    #expect(try connection.revision() == 0)
    #expect(try connection.withDatabase { try $0.userVersion() } == 2)
  }
}
