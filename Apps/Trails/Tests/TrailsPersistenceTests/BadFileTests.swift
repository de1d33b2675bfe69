import Foundation
import Testing
import TrailsModel
import TrailsPersistence

/// Files the store must refuse, and leave exactly as they were.
struct BadFileTests {
  @Test func aTextFileIsNotADatabaseAndIsLeftByteForByte() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("notes.sqlite")
    let text = String(repeating: "These are my trail notes, not a database.\n", count: 25)
    let original = Data(text.utf8.prefix(1_024))
    try original.write(to: URL(fileURLWithPath: path))

    #expect(throws: PersistenceError.notADatabase(path)) { try SQLiteTrailStore(path: path) }
    #expect(throws: PersistenceError.notADatabase(path)) { try TrailStore.sqlite(path: path) }
    #expect(try folder.bytes("notes.sqlite") == original)
    #expect(try folder.contents() == ["notes.sqlite"])
  }

  @Test func aNewerSchemaIsRefusedAndTheFileIsLeftUnchanged() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    do {
      let store = try SQLiteTrailStore(path: path)
      try store.save(try SamplePlans.threeDays())
      try store.withDatabase { try $0.execute("PRAGMA user_version = 99") }
    }
    let before = try folder.bytes("trails.sqlite")
    let listing = try folder.contents()

    #expect(throws: PersistenceError.newerSchema(found: 99, supported: 1)) {
      try SQLiteTrailStore(path: path)
    }
    #expect(try folder.bytes("trails.sqlite") == before)
    #expect(try folder.contents() == listing)
  }

  @Test func aDamagedDatabaseIsRefusedAndLeftByteForByte() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    do {
      try SQLiteTrailStore(path: path).save(try SamplePlans.threeDays())
    }
    var bytes = try folder.bytes("trails.sqlite")
    let pageSize = 4_096
    let pages = bytes.count / pageSize
    try #require(pages >= 3, "the database has \(pages) pages; the test needs a middle one")
    let middle = (pages / 2) * pageSize
    let garbage = Data(String(repeating: "garbage!", count: pageSize / 8).utf8)
    bytes.replaceSubrange(middle..<(middle + pageSize), with: garbage)
    try bytes.write(to: URL(fileURLWithPath: path))

    do {
      _ = try SQLiteTrailStore(path: path)
      Issue.record("a database with a page of garbage opened")
    } catch {
      switch error {
      case .corrupt(let reportedPath, _), .notADatabase(let reportedPath):
        #expect(reportedPath == path)
      default: Issue.record("expected .corrupt or .notADatabase, got \(error)")
      }
    }
    #expect(try folder.bytes("trails.sqlite") == bytes)
    #expect(try folder.contents() == ["trails.sqlite"])
  }
}
