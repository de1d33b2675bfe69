import Foundation
import TestSupport
import Testing
import TrailsModel
import TrailsPersistence

/// The database the app runs on, over a real file: its calls run on its own queue, closing it
/// leaves one file (the `-wal` folded back in), and nothing is used after it is closed.
struct SQLitePlanDatabaseTests {
  @Test func closingFoldsTheWALBackSoACopyOfTheFileAloneHoldsEveryEdit() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let base = try SamplePlans.emptyDay()
    let database = try SQLitePlanDatabase(path: path)

    _ = try await database.update(SamplePlans.appending("gull-point-loop", to: base))
    let stored = try await database.update(
      SamplePlans.appending("tidepool-steps", to: base))
    // While open, the last commits may be in the -wal only.
    #expect(try folder.contents().contains("trails.sqlite-wal"))

    await database.close()

    #expect(try folder.contents() == ["trails.sqlite"])
    let copy = try TemporaryFolder("trails-persistence-tests")
    defer { copy.remove() }
    try FileManager.default.copyItem(atPath: path, toPath: copy.path("copy.sqlite"))
    let copied = try PlanConnection(path: copy.path("copy.sqlite"), access: .readOnly)
    #expect(try copied.load() == stored)
  }

  @Test func aCallAfterCloseThrowsClosedAndClosingAgainDoesNothing() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let database = try SQLitePlanDatabase(path: path)
    let plan = try SamplePlans.threeDays()
    _ = try await database.update { _ in plan }

    #expect(database.close(waitingAtMost: .seconds(5)))
    await database.close()

    await #expect(throws: PersistenceError.closed(path)) { try await database.load() }
    await #expect(throws: PersistenceError.closed(path)) { try await database.revision() }
    #expect(
      PersistenceError.closed(path).userMessage
        == "the database \(path) was closed before this call; open it again to use it")
    #expect(try folder.contents() == ["trails.sqlite"])
  }

  @Test func aSaveIsRefusedWhenANewerTrailsUpgradedTheFileWhileItWasOpen() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let database = try SQLitePlanDatabase(path: path)
    let plan = try SamplePlans.oneDay()
    _ = try await database.update { _ in plan }

    // What a newer trails leaves when it opens the file while this one runs.
    try Database(path: path, mode: .readWrite).execute("PRAGMA user_version = 99")

    await #expect(throws: PersistenceError.newerSchema(path, found: 99, supported: 2)) {
      try await database.update { _ in plan }
    }
  }

  @Test func aConnectionClosedWhileAnotherIsOpenLeavesTheWALToTheLastOne() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let writer = try PlanConnection(path: path)
    let reader = try PlanConnection(path: path, access: .readOnly)
    let plan = try SamplePlans.threeDays()
    let stored = try writer.update { _ in plan }

    writer.close()
    #expect(throws: PersistenceError.closed(path)) { try writer.load() }
    #expect(try folder.contents().contains("trails.sqlite-wal"))
    #expect(try reader.load() == stored)
    let writerAgain = try PlanConnection(path: path)
    reader.close()
    writerAgain.close()

    #expect(try folder.contents() == ["trails.sqlite"])
  }

  @Test func aReadOnlyDatabaseOfAMissingFileOpensItOnceItAppearsAndClosesIt() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let viewer = try SQLitePlanDatabase(path: path, access: .readOnly)
    #expect(try await viewer.load() == nil)

    let writer = try PlanConnection(path: path)
    let plan = try SamplePlans.oneDay()
    let stored = try writer.update { _ in plan }
    #expect(try await viewer.load() == stored)
    await viewer.close()
    writer.close()

    await #expect(throws: PersistenceError.closed(path)) { try await viewer.load() }
    #expect(try folder.contents() == ["trails.sqlite"])
  }

  @Test func everyCallRunsOnTheDatabasesOwnQueueNotTheCallersThread() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let database = try SQLitePlanDatabase(path: folder.path("trails.sqlite"))
    let base = try SamplePlans.emptyDay()
    let (_, onQueue) = try await database.update { current in
      (SamplePlans.appending("first", to: base)(current), DatabaseQueue.isCurrent)
    }
    #expect(onQueue)
    #expect(!DatabaseQueue.isCurrent)
  }

  @Test func updateHandsBackWhatTheChangeFoundAndStoresThePlan() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let database = try SQLitePlanDatabase(path: path)
    let base = try SamplePlans.emptyDay()
    let first = try await database.update(SamplePlans.appending("first", to: base))
    let (second, given) = try await database.update { current in
      (SamplePlans.appending("second", to: base)(current), current)
    }
    #expect(given == first.plan)
    #expect(second.revision == 2)
    #expect(second.plan.days == [PlanDay(number: 1, trailIDs: ["first", "second"])])
    #expect(try PlanConnection(path: path).load() == second)
  }

  @Test func aReadOnlyDatabaseRefusesAnUpdateWithoutRunningTheChange() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    _ = try PlanConnection(path: path)
    let database = try SQLitePlanDatabase(path: path, access: .readOnly)
    let base = try SamplePlans.emptyDay()
    await #expect(throws: PersistenceError.readOnly(path)) {
      try await database.update { _ -> Plan in
        Issue.record("a read-only database ran the change")
        return base
      }
    }
  }

  @Test func aDatabaseRoundTripsThePlanThroughTheFile() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let plan = try SamplePlans.threeDays()
    let database = try SQLitePlanDatabase(path: path)
    #expect(try await database.load() == nil)
    #expect(try await database.revision() == 0)
    let stored = try await database.update { _ in plan }
    #expect(stored == StoredPlan(plan: plan, revision: 1))
    #expect(try await database.revision() == 1)
    #expect(try await SQLitePlanDatabase(path: path).load() == stored)
  }

  @Test func twoConnectionsReplacingAtOnceBothSucceedWithinTheBusyTimeout() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let first = try SQLitePlanDatabase(path: path)
    let second = try SQLitePlanDatabase(path: path)
    let firstPlans = try (1...9).map { try SamplePlans.oneDay(start: "2027-02-0\($0)") }
    let secondPlans = try (1...9).map { try SamplePlans.oneDay(start: "2027-03-0\($0)") }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { for plan in firstPlans { _ = try await first.update { _ in plan } } }
      group.addTask { for plan in secondPlans { _ = try await second.update { _ in plan } } }
      try await group.waitForAll()
    }
    let last = try #require(try await first.load())
    #expect(last.plan == firstPlans.last || last.plan == secondPlans.last)
    #expect(last.revision == 18)
    #expect(try await second.load() == last)
  }
}
