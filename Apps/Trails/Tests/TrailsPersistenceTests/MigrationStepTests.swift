import TestSupport
import Testing
import TrailsModel

@testable import TrailsPersistence

/// Two connections migrating one file at once run each step once: a step re-reads the version
/// inside its transaction and does nothing when another connection has already taken the file
/// there since the version was first read.
struct MigrationStepTests {
  @Test func aStepTheFileHasAlreadyReachedDoesNothing() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    try SQLiteFiles.makeSchemaOne(path, plan: plan)
    let connection = try PlanConnection(path: path)
    let before = try connection.load()

    // As if this connection read version 1 before another one migrated the file: both steps.
    try connection.withDatabase { database in
      for migration in Migration.all { try migration.step(database) }
    }

    #expect(try connection.load() == before)
    #expect(try SQLiteFiles.header(path).userVersion == Migration.latestVersion)
  }
}
