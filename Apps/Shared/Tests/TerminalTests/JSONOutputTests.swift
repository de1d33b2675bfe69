import Testing

@testable import AppCLI

struct JSONOutputTests {
  private struct Movie: Encodable {
    var title: String
    var id: Int
    var poster: String?
  }

  @Test func stringSortsKeysAndPrettyPrintsWhenEncoding() throws {
    let json = try JSONOutput.string(Movie(title: "Dune", id: 438_631, poster: "/d5.jpg"))
    #expect(json == "{\n  \"id\" : 438631,\n  \"poster\" : \"/d5.jpg\",\n  \"title\" : \"Dune\"\n}")
  }

  @Test func writeEndsTheDocumentWithANewlineWhenPrinting() throws {
    var written: [String] = []
    try JSONOutput.write([1, 2]) { written.append($0) }
    #expect(written == ["[\n  1,\n  2\n]\n"])
  }
}
