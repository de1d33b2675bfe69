import Foundation
import Testing

@testable import Fixtures

struct FixturesTests {
  @Test func dataLoadsAFileWhenItExists() throws {
    let bytes = try Fixtures.data("broken/truncated.json")
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\"page\": 1"))
  }

  @Test func aMissingFileIsNamedInTheError() {
    #expect(throws: FixtureError.missing("movies/nope.json")) {
      try Fixtures.data("movies/nope.json")
    }
    #expect(
      FixtureError.missing("movies/nope.json").description
        == "fixture not found: movies/nope.json (looked in Fixtures/Sources/Fixtures/Resources)")
  }

  @Test func aBrokenFileFailsToDecodeNamingTheFile() {
    struct Page: Decodable { let page: Int }
    do {
      _ = try Fixtures.decode(Page.self, from: "broken/truncated.json")
      Issue.record("a truncated file decoded")
    } catch {
      #expect(error.description.hasPrefix("fixture broken/truncated.json does not decode:"))
    }
  }

  @Test func pathsListsAFolderSorted() {
    #expect(Fixtures.paths(in: "broken").contains("broken/truncated.json"))
    #expect(Fixtures.paths(in: "no-such-folder").isEmpty)
  }
}
