import Foundation
import TestSupport
import Testing
import TrailsModel
import TrailsPersistence

/// `Access.readOnly`: reads any trails file as it is and never writes, creates or migrates.
struct ReadOnlyTests {
  @Test func aMissingFileLoadsNilAndCreatesNothing() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("not/yet/trails.sqlite")
    let plan = try SamplePlans.oneDay()

    let database = try SQLitePlanDatabase(path: path, access: .readOnly)

    #expect(try await database.load() == nil)
    #expect(try await database.revision() == 0)
    await #expect(throws: PersistenceError.readOnly(path)) {
      try await database.update { _ in plan }
    }
    #expect(throws: PersistenceError.noSuchFile(path)) {
      try PlanConnection(path: path, access: .readOnly)
    }
    #expect(
      PersistenceError.readOnly(path).userMessage
        == "\(path) is open read-only, so the plan cannot be changed; open it read-write to edit")
    #expect(
      PersistenceError.noSuchFile(path).userMessage
        == "\(path) does not exist, and opening read-only never creates it")
    #expect(try folder.contents() == [])
  }

  @Test func aFileCreatedLaterIsReadWhenItAppears() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let viewer = try SQLitePlanDatabase(path: path, access: .readOnly)
    #expect(try await viewer.load() == nil)

    let plan = try SamplePlans.threeDays()
    let stored = try PlanConnection(path: path).update { _ in plan }

    #expect(try await viewer.revision() == 1)
    #expect(try await viewer.load() == stored)
  }

  @Test func anExistingDatabaseIsReadAndItsBytesAreLeftAlone() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    let stored = try PlanConnection(path: path).update { _ in plan }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let before = try folder.bytes("trails.sqlite")

    let connection = try PlanConnection(path: path, access: .readOnly)
    #expect(try connection.load() == stored)
    #expect(try connection.revision() == 1)
    #expect(throws: PersistenceError.readOnly(path)) { try connection.update { _ in plan } }
    let capability = try SQLitePlanDatabase(path: path, access: .readOnly)
    #expect(try await capability.load() == stored)
    await #expect(throws: PersistenceError.readOnly(path)) {
      try await capability.update { _ in plan }
    }

    // SQLite may leave a -shm (and an empty -wal) for a WAL database; the file itself is intact.
    #expect(try folder.bytes("trails.sqlite") == before)
  }

  @Test func aReadOnlyConnectionSeesAnotherConnectionsWrites() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let writer = try PlanConnection(path: path)
    let reader = try PlanConnection(path: path, access: .readOnly)
    #expect(try reader.revision() == 0)
    let base = try SamplePlans.emptyDay()

    let stored = try writer.update(SamplePlans.appending("gull-point-loop", to: base))

    #expect(try reader.revision() == 1)
    #expect(try reader.load() == stored)
  }

  @Test func aSchemaOneDatabaseIsReadWithoutBeingMigrated() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    try SQLiteFiles.makeSchemaOne(path, plan: plan)
    let before = try folder.bytes("trails.sqlite")

    let connection = try PlanConnection(path: path, access: .readOnly)

    #expect(try connection.load() == StoredPlan(plan: plan, revision: 1))
    #expect(try connection.revision() == 1)
    #expect(try connection.withDatabase { try $0.userVersion() } == 1)
    #expect(try folder.bytes("trails.sqlite") == before)
    #expect(try folder.contents() == ["trails.sqlite"])
  }

  /// The revision is 0 when nothing was written, asked before any load too (a watching
  /// planner asks it first).
  @Test func anEmptyFilesRevisionIsZeroWhenAskedFirst() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))

    #expect(try PlanConnection(path: path, access: .readOnly).revision() == 0)
  }

  @Test func anEmptyFileIsReadAsNoPlan() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))

    let connection = try PlanConnection(path: path, access: .readOnly)

    #expect(try connection.load() == nil)
    #expect(try connection.revision() == 0)
    #expect(try folder.bytes("empty.sqlite").isEmpty)
  }

  @Test(.enabled(if: getuid() != 0, "root may write in any folder"))
  func aWALFileInAFolderTheUserCannotWriteIsReadImmutableAndCannotBeEdited() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    let stored = try PlanConnection(path: path).update { _ in plan }
    let files = FileManager.default
    try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
    defer { try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }

    // SQLite needs a -shm next to a WAL file, even to read it, and cannot create one here.
    let connection = try PlanConnection(path: path, access: .readOnly)
    #expect(try connection.load() == stored)
    #expect(throws: PersistenceError.notWritable(path, .folder(folder.url.path))) {
      try PlanConnection(path: path)
    }
    #expect(try folder.contents() == ["trails.sqlite"])
  }

  @Test func theImmutableURIEncodesWhatURIsReserve() {
    #expect(Database.immutableURI("/a b/t.sqlite") == "file:///a b/t.sqlite?immutable=1")
    #expect(Database.immutableURI("rel/t%?#.sqlite") == "file:rel/t%25%3F%23.sqlite?immutable=1")
    #expect(Database.immutableURI("//host/t.sqlite") == "file:////host/t.sqlite?immutable=1")
  }
}
