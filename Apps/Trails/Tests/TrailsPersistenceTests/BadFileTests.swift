import Foundation
import TestSupport
import Testing
import TrailsModel
import TrailsPersistence

/// Files a connection must refuse, and leave exactly as they were, with one line naming them.
struct BadFileTests {
  @Test func aTextFileIsNotADatabaseAndIsLeftByteForByte() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("notes.sqlite")
    let text = String(repeating: "These are my trail notes, not a database.\n", count: 25)
    let original = Data(text.utf8.prefix(1_024))
    try original.write(to: URL(fileURLWithPath: path))

    #expect(throws: PersistenceError.notADatabase(path)) { try PlanConnection(path: path) }
    #expect(throws: PersistenceError.notADatabase(path)) { try SQLitePlanDatabase(path: path) }
    #expect(throws: PersistenceError.notADatabase(path)) {
      try PlanConnection(path: path, access: .readOnly)
    }
    #expect(
      PersistenceError.notADatabase(path).userMessage
        == "\(path) is not a trails database; it was left untouched (move it aside or use "
        + "another)")
    #expect(try folder.bytes("notes.sqlite") == original)
    #expect(try folder.contents() == ["notes.sqlite"])
  }

  @Test func aFileThatIsNotADatabaseIsSaidToBeSoAlsoWhenItCannotBeWritten() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("passwd")
    let original = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)
    try original.write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)

    // What the file is comes before whether it may be written (root may write it anyway).
    #expect(throws: PersistenceError.notADatabase(path)) { try PlanConnection(path: path) }
    #expect(throws: PersistenceError.notADatabase(path)) {
      try PlanConnection(path: path, access: .readOnly)
    }
    #expect(try folder.bytes("passwd") == original)
    #expect(try folder.contents() == ["passwd"])
  }

  @Test(.enabled(if: getuid() != 0, "root may look in and write any folder"))
  func aFolderTheUserCannotLookInOrWriteIsSaidToBeSo() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let files = FileManager.default
    let closed = folder.path("closed")
    let readOnly = folder.path("read-only")
    try files.createDirectory(atPath: closed, withIntermediateDirectories: false)
    try files.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
    try files.setAttributes([.posixPermissions: 0o000], ofItemAtPath: closed)
    try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly)
    defer {
      for path in [closed, readOnly] {
        try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
      }
    }

    let hidden = closed + "/trails.sqlite"
    for access in [SQLitePlanDatabase.Access.readWrite, .readOnly] {
      #expect(throws: PersistenceError.unreadableFolder(hidden, folder: closed)) {
        try SQLitePlanDatabase(path: hidden, access: access)
      }
    }
    let new = readOnly + "/trails.sqlite"
    #expect(throws: PersistenceError.cannotCreate(new, folder: readOnly)) {
      try SQLitePlanDatabase(path: new)
    }
    #expect(try files.contentsOfDirectory(atPath: readOnly) == [])
  }

  @Test func anotherProgramsDatabaseWithoutAnIDIsForeignAndLeftByteForByte() throws {
    for extraSQL in ["", "PRAGMA user_version = 5;"] {
      let folder = try TemporaryFolder("trails-persistence-tests")
      defer { folder.remove() }
      let path = folder.path("notes.sqlite")
      try SQLiteFiles.makeNotes(path, extraSQL: extraSQL)
      let before = try folder.bytes("notes.sqlite")

      let expected = PersistenceError.foreignDatabase(
        path, "it has tables and no trails application id")
      #expect(throws: expected) { try PlanConnection(path: path) }
      #expect(throws: expected) { try PlanConnection(path: path, access: .readOnly) }
      #expect(
        expected.userMessage
          == "\(path) belongs to another application (it has tables and no trails application "
          + "id); it was left untouched (use another database file)")
      #expect(try folder.bytes("notes.sqlite") == before)
      #expect(try folder.contents() == ["notes.sqlite"])
    }
  }

  /// Each id as SQLite stores it (a signed 32-bit integer), and as the line writes it.
  @Test(arguments: [(Int32(0x1234_5678), "0x12345678"), (-1, "0xFFFFFFFF")])
  func aDatabaseWithAnotherApplicationIDIsForeignAndLeftByteForByte(id: Int32, hex: String)
    throws
  {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("other.sqlite")
    try SQLiteFiles.make(
      path, "PRAGMA application_id = \(id); CREATE TABLE plan (id INTEGER PRIMARY KEY);")
    let before = try folder.bytes("other.sqlite")

    let expected = PersistenceError.foreignDatabase(
      path, "its application id is \(hex), trails' is 0x54524C53")
    #expect(throws: expected) { try PlanConnection(path: path) }
    #expect(
      expected.userMessage
        == "\(path) belongs to another application (its application id is \(hex), trails' is "
        + "0x54524C53); it was left untouched (use another database file)")
    #expect(try folder.bytes("other.sqlite") == before)
    #expect(try folder.contents() == ["other.sqlite"])
  }

  @Test func anEmptyDatabaseWithAUserVersionIsForeign() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("stamped.sqlite")
    try SQLiteFiles.make(path, "PRAGMA user_version = 5;")
    let before = try folder.bytes("stamped.sqlite")

    #expect(
      throws: PersistenceError.foreignDatabase(
        path, "it has user_version 5 and no trails application id")
    ) { try PlanConnection(path: path) }
    #expect(try folder.bytes("stamped.sqlite") == before)
  }

  @Test func aNewerSchemaIsRefusedAndTheFileIsLeftUnchanged() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    do {
      let connection = try PlanConnection(path: path)
      let plan = try SamplePlans.threeDays()
      _ = try connection.update { _ in plan }
      try connection.withDatabase { try $0.execute("PRAGMA user_version = 99") }
    }
    let before = try folder.bytes("trails.sqlite")
    let listing = try folder.contents()

    let expected = PersistenceError.newerSchema(path, found: 99, supported: 2)
    #expect(throws: expected) { try PlanConnection(path: path) }
    #expect(
      expected.userMessage
        == "\(path) was written by a newer trails (schema 99, this one reads up to 2); "
        + "it was left untouched (update trails to open it)")
    #expect(try folder.bytes("trails.sqlite") == before)
    #expect(try folder.contents() == listing)
    // Read-only, SQLite may leave a -shm and an empty -wal next to a WAL file: only the
    // database's own bytes are compared.
    #expect(throws: expected) { try PlanConnection(path: path, access: .readOnly) }
    #expect(try folder.bytes("trails.sqlite") == before)
  }

  @Test func aDamagedDatabaseIsRefusedAndLeftByteForByte() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    do {
      let plan = try SamplePlans.threeDays()
      _ = try PlanConnection(path: path).update { _ in plan }
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
      _ = try PlanConnection(path: path)
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

  @Test func aDirectoryIsNamedAsADirectoryAndNotOpened() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("plans")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

    for access in [SQLitePlanDatabase.Access.readWrite, .readOnly] {
      #expect(throws: PersistenceError.isADirectory(path)) {
        try SQLitePlanDatabase(path: path, access: access)
      }
    }
    #expect(
      PersistenceError.isADirectory(path).userMessage
        == "\(path) is a directory, not a database file; give the path of a file")
    #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
  }

  @Test func aLinkIntoAMissingFolderIsNotReportedAsAPermissionProblem() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("link.sqlite")
    // No one's permissions are at fault: the folder the link leads into does not exist.
    try FileManager.default.createSymbolicLink(
      atPath: path, withDestinationPath: folder.path("gone/trails.sqlite"))

    do {
      _ = try PlanConnection(path: path)
      Issue.record("a link to nowhere was opened")
    } catch {
      #expect(error.userMessage.contains(path))
      #expect(!error.userMessage.hasPrefix("permission denied"))
    }
  }

  @Test(.enabled(if: getuid() != 0, "root may read and write any file"))
  func aFileTheUserMayNotWriteIsReadOnlyAndOneTheyMayNotReadIsRefused() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    do {
      let plan = try SamplePlans.oneDay()
      _ = try PlanConnection(path: path).update { _ in plan }
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    #expect(throws: PersistenceError.notWritable(path, .file)) { try PlanConnection(path: path) }
    #expect(try PlanConnection(path: path, access: .readOnly).load()?.revision == 1)

    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
    for access in [SQLitePlanDatabase.Access.readWrite, .readOnly] {
      #expect(throws: PersistenceError.permissionDenied(path)) {
        try PlanConnection(path: path, access: access)
      }
    }
    #expect(PersistenceError.permissionDenied(path).userMessage.contains(path))
  }
}
