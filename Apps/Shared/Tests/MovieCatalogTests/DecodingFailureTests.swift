import Foundation
import Testing

@testable import MovieCatalog

/// What arrived instead of JSON is named by its first 40 characters, on one line, with `...`
/// only when there were more.
struct DecodingFailureTests {
  private func message(_ body: String) -> String {
    DecodingFailure.describe(
      DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
      body: Data(body.utf8))
  }

  @Test func fortyCharactersAreQuotedWholeAndAFortyFirstIsCut() {
    let forty = String(repeating: "a", count: 40)
    #expect(message(forty) == "the body is not valid JSON (it begins \"\(forty)\")")
    #expect(message(forty + "b") == "the body is not valid JSON (it begins \"\(forty)...\")")
    #expect(
      message(String(forty.dropLast()))
        == "the body is not valid JSON (it begins \"\(forty.dropLast())\")")
  }
}
