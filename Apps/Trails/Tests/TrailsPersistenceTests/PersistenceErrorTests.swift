import Testing
import TrailsPersistence

struct PersistenceErrorTests {
  static let all: [PersistenceError] = [
    .notADatabase("/tmp/x.sqlite"), .corrupt("/tmp/x.sqlite", "page 4: btree damaged"),
    .newerSchema(found: 3, supported: 1), .busy, .sqlite(14, "unable to open database file"),
    .cannotCreateDirectory("/root/nope"),
  ]

  @Test(arguments: all) func eachErrorIsOneLineForTheUser(error: PersistenceError) {
    #expect(!error.userMessage.isEmpty)
    #expect(!error.userMessage.contains("\n"))
    #expect(error.description == error.userMessage)
  }

  @Test func messagesNameTheFileAndTheVersions() {
    #expect(PersistenceError.notADatabase("/tmp/x.sqlite").userMessage.hasPrefix("/tmp/x.sqlite "))
    #expect(
      PersistenceError.newerSchema(found: 3, supported: 1).userMessage.contains(
        "schema 3, this one reads up to 1"))
  }
}
