import Testing
import TrailsPersistence

struct PersistenceErrorTests {
  static let path = "/tmp/x.sqlite"
  static let all: [PersistenceError] = [
    .notADatabase(path), .corrupt(path, "page 4: btree damaged"),
    .newerSchema(path, found: 3, supported: 2),
    .foreignDatabase(path, "it has tables and no trails application id"),
    .isADirectory(path), .noSuchFile(path), .permissionDenied(path), .readOnly(path),
    .notWritable(path, .file), .notWritable(path, .folder("/tmp")),
    .busy(path, timeoutMilliseconds: 5_000), .sqlite(path, 14, "unable to open database file"),
    .cannotCreateDirectory("/tmp/x"), .unreadableFolder(path, folder: "/tmp"),
    .cannotCreate(path, folder: "/tmp"), .closed(path),
  ]

  @Test(arguments: all) func eachErrorIsOneLineNamingTheFile(error: PersistenceError) {
    #expect(!error.userMessage.isEmpty)
    #expect(!error.userMessage.contains("\n"))
    #expect(error.userMessage.contains("/tmp/x"))
    #expect(error.description == error.userMessage)
  }

  @Test func messagesNameTheFileTheVersionsAndTheTimeout() {
    #expect(PersistenceError.notADatabase(Self.path).userMessage.hasPrefix("/tmp/x.sqlite "))
    #expect(
      PersistenceError.newerSchema(Self.path, found: 3, supported: 2).userMessage.contains(
        "schema 3, this one reads up to 2"))
    #expect(
      PersistenceError.busy(Self.path, timeoutMilliseconds: 5_000).userMessage.hasPrefix(
        "/tmp/x.sqlite was in use by another trails process for longer than 5000 ms"))
    #expect(
      PersistenceError.isADirectory(Self.path).userMessage.hasPrefix(
        "/tmp/x.sqlite is a directory, not a database file"))
    #expect(
      PersistenceError.unreadableFolder(Self.path, folder: "/tmp").userMessage
        == "cannot look in the folder /tmp (permission denied), so /tmp/x.sqlite cannot be read; "
        + "check the permissions of the folder")
    #expect(
      PersistenceError.cannotCreate(Self.path, folder: "/tmp").userMessage
        == "cannot create the database /tmp/x.sqlite: its folder /tmp is not writable; make the "
        + "folder writable, or use another database file")
  }

  @Test func onlyAFileThatCannotBeWrittenOrCreatedMayStillBeRead() {
    let readable = Self.all.filter(\.allowsReading)
    #expect(
      readable == [
        .notWritable(Self.path, .file), .notWritable(Self.path, .folder("/tmp")),
        .cannotCreate(Self.path, folder: "/tmp"),
      ])
  }
}
