import Foundation
import Testing
import TrailsModel
import TrailsPersistence

/// A process's database: closing it leaves one file (the `-wal` folded back in), and nothing
/// is used after it is closed.
struct TrailDatabaseTests {
  @Test func closingFoldsTheWALBackSoACopyOfTheFileAloneHoldsEveryEdit() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let base = try SamplePlans.emptyDay()
    let database = try TrailDatabase(path: path)

    _ = try await database.store.update(SamplePlans.appending("gull-point-loop", to: base))
    let stored = try await database.store.update(
      SamplePlans.appending("tidepool-steps", to: base))
    // While open, the last commits may be in the -wal only.
    #expect(try folder.contents().contains("trails.sqlite-wal"))

    await database.close()

    #expect(try folder.contents() == ["trails.sqlite"])
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    try FileManager.default.copyItem(atPath: path, toPath: copy.path("copy.sqlite"))
    let copied = try SQLiteTrailStore(path: copy.path("copy.sqlite"), access: .readOnly)
    #expect(try copied.load() == stored)
  }

  @Test func aCallAfterCloseThrowsClosedAndClosingAgainDoesNothing() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let database = try TrailDatabase(path: path)
    let plan = try SamplePlans.threeDays()
    _ = try await database.store.update { _ in plan }

    #expect(database.close(waitingAtMost: .seconds(5)))
    await database.close()

    await #expect(throws: PersistenceError.closed(path)) { try await database.store.load() }
    await #expect(throws: PersistenceError.closed(path)) { try await database.store.revision() }
    #expect(try folder.contents() == ["trails.sqlite"])
  }

  @Test func aStoreClosedWhileAnotherConnectionIsOpenLeavesTheWALToTheLastOne() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let writer = try SQLiteTrailStore(path: path)
    let reader = try SQLiteTrailStore(path: path, access: .readOnly)
    let plan = try SamplePlans.threeDays()
    let stored = try writer.update { _ in plan }

    writer.close()
    #expect(throws: PersistenceError.closed(path)) { try writer.load() }
    #expect(try folder.contents().contains("trails.sqlite-wal"))
    #expect(try reader.load() == stored)
    let writerAgain = try SQLiteTrailStore(path: path)
    reader.close()
    writerAgain.close()

    #expect(try folder.contents() == ["trails.sqlite"])
  }

  @Test func aReadOnlyDatabaseOfAMissingFileOpensItOnceItAppearsAndClosesIt() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let viewer = try TrailDatabase(path: path, access: .readOnly)
    #expect(try await viewer.store.load() == nil)

    let writer = try SQLiteTrailStore(path: path)
    let plan = try SamplePlans.oneDay()
    let stored = try writer.update { _ in plan }
    #expect(try await viewer.store.load() == stored)
    await viewer.close()
    writer.close()

    await #expect(throws: PersistenceError.closed(path)) { try await viewer.store.load() }
    #expect(try folder.contents() == ["trails.sqlite"])
  }
}
