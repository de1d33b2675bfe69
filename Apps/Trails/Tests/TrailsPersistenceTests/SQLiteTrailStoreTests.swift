import Foundation
import Testing
import TrailsModel
import TrailsPersistence

struct SQLiteTrailStoreTests {
  @Test func savedPlanLoadsWhenTheFileIsReopened() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    try SQLiteTrailStore(path: path).save(plan)
    #expect(try SQLiteTrailStore(path: path).load() == plan)
  }

  @Test func loadIsNilWhenNothingWasSaved() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(try SQLiteTrailStore(path: folder.path("new.sqlite")).load() == nil)
  }

  @Test func anEmptyFileMigratesToVersionOne() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let store = try SQLiteTrailStore(path: path)
    let tables = try store.withDatabase { database in
      try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .compactMap { $0.first?.text }
    }
    #expect(try store.withDatabase { try $0.userVersion() } == 1)
    #expect(SQLiteTrailStore.schemaVersion == 1)
    #expect(tables == ["plan", "plan_day", "plan_entry"])
    #expect(try store.load() == nil)
  }

  @Test func aMissingFolderIsCreatedWhenTheFileIsNew() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("data/trails/trails.sqlite")
    try SQLiteTrailStore(path: path).save(try SamplePlans.oneDay())
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func theFolderErrorNamesItWhenItCannotBeCreated() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(FileManager.default.createFile(atPath: folder.path("file"), contents: Data("x".utf8)))
    #expect(throws: PersistenceError.cannotCreateDirectory(folder.path("file/sub"))) {
      try SQLiteTrailStore(path: folder.path("file/sub/trails.sqlite"))
    }
  }

  @Test func walFullSynchronousForeignKeysAndBusyTimeoutAreOnWhenOpened() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try SQLiteTrailStore(path: folder.path("trails.sqlite"))
    let values = try store.withDatabase { database in
      try ["journal_mode", "synchronous", "foreign_keys", "busy_timeout"].map { name in
        try database.query("PRAGMA \(name)").first?.first
      }
    }
    #expect(values == [.text("wal"), .integer(2), .integer(1), .integer(5_000)])
  }

  @Test func foreignKeysRejectATrailOfNoDay() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try SQLiteTrailStore(path: folder.path("trails.sqlite"))
    try store.save(try SamplePlans.oneDay())
    #expect(throws: PersistenceError.self) {
      try store.withDatabase { database in
        try database.run(
          "INSERT INTO plan_entry (plan_id, day_position, position, trail_id) VALUES (1, ?, 0, ?)",
          [7, "orphan"])
      }
    }
  }

  @Test func aSaveReplacesThePlanWithoutLeftovers() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try SQLiteTrailStore(path: folder.path("trails.sqlite"))
    try store.save(try SamplePlans.threeDays())
    let smaller = try SamplePlans.oneDay()
    try store.save(smaller)
    #expect(try store.load() == smaller)
    let counts = try store.withDatabase { database in
      try ["plan", "plan_day", "plan_entry"].map { table in
        try database.query("SELECT count(*) FROM \(table)").first?.first
      }
    }
    #expect(counts == [.integer(1), .integer(1), .integer(1)])
  }

  @Test func aFailedSaveKeepsThePreviousPlanWhenAnotherConnectionHoldsTheLock() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let store = try SQLiteTrailStore(path: path)
    let saved = try SamplePlans.oneDay()
    try store.save(saved)
    // No waiting: fail at once instead of after the five-second busy timeout.
    try store.withDatabase { try $0.setBusyTimeout(milliseconds: 0) }
    let other = try SQLiteTrailStore(path: path)
    try other.withDatabase { database in
      try database.execute("BEGIN IMMEDIATE")
      #expect(throws: PersistenceError.busy) { try store.save(try SamplePlans.threeDays()) }
      try database.execute("ROLLBACK")
    }
    #expect(try store.load() == saved)
  }

  @Test func twoConnectionsSavingAlternatelyBothSucceedAndTheLastSaveWins() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let first = try SQLiteTrailStore(path: path)
    let second = try SQLiteTrailStore(path: path)
    let plans = try (1...4).map { try SamplePlans.oneDay(start: "2027-01-0\($0)") }
    try first.save(plans[0])
    try second.save(plans[1])
    try first.save(plans[2])
    try second.save(plans[3])
    #expect(try first.load() == plans[3])
    #expect(try second.load() == plans[3])
    #expect(try SQLiteTrailStore(path: path).load() == plans[3])
  }

  @Test func twoConnectionsSavingAtOnceBothSucceedWithinTheBusyTimeout() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let first = try SQLiteTrailStore(path: path)
    let second = try SQLiteTrailStore(path: path)
    let firstPlans = try (1...9).map { try SamplePlans.oneDay(start: "2027-02-0\($0)") }
    let secondPlans = try (1...9).map { try SamplePlans.oneDay(start: "2027-03-0\($0)") }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { for plan in firstPlans { try first.save(plan) } }
      group.addTask { for plan in secondPlans { try second.save(plan) } }
      try await group.waitForAll()
    }
    let last = try first.load()
    #expect(last == firstPlans.last || last == secondPlans.last)
    #expect(try second.load() == last)
  }

  @Test func theTrailStoreCapabilityRoundTripsThroughTheFile() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    let store = try TrailStore.sqlite(path: path)
    #expect(try await store.load() == nil)
    try await store.save(plan)
    #expect(try await TrailStore.sqlite(path: path).load() == plan)
  }
}
