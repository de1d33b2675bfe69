import ConformanceSuite
import Foundation
import LoopContracts
import TestSupport
import Testing

/// The recording viewer's page, as `conformance view` writes it.
///
/// What it holds, and the files it refuses; `make viewer-check` opens it in a browser.
struct RecordingViewerTests {
  private static let root = Repository.root
  private static let fixture = Repository.starWarsTwice

  private let temporary: TemporaryFolder
  private var folder: URL { temporary.url }

  init() throws {
    temporary = try TemporaryFolder("viewer")
  }

  /// The recording's lines inside the page's `recording` script element, as the page reads
  /// them.
  private func embeddedLines(of page: String) throws -> [String] {
    let start = try #require(page.range(of: "<script type=\"application/json\" id=\"recording\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    return page[start.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "<\\/", with: "</")
      .split(separator: "\n").map(String.init)
  }

  @Test func aVersion1RecordingIsEmbeddedOnceAsVersion2Lines() async throws {
    let page = try await RecordingViewer.page(of: Self.fixture, with: registeredContracts)
    let lines = try embeddedLines(of: page)
    // The header, 8 steps, 2 calls, 5 effects started and ended, the end record.
    let header = 1
    let steps = 8
    let calls = 2
    let effectsStartedAndEnded = 10
    let end = 1
    #expect(lines.count == header + steps + calls + effectsStartedAndEnded + end)
    #expect(lines.first?.contains("\"version\":2") == true)
    #expect(lines.filter { $0.hasPrefix("{\"step\":") }.count == 8)
    #expect(page.contains("<title>star-wars-twice.json · recording</title>"))
    #expect(page.contains("id=\"replay-report\">null</script>"))
    for fetching in ["<link", " src=", "url(", "fetch(", "XMLHttpRequest", "import("] {
      #expect(!page.contains(fetching), "nothing is fetched")
    }
  }

  @Test func aScriptEndInTheRecordingCannotEndTheScript() {
    let page = RecordingViewer.render(
      lines: #"{"text":"</script><script>alert(1)</script>"}"#, title: "<b>.json",
      replay: nil)
    #expect(!page.contains("</script><script>alert(1)"))
    #expect(page.contains(#"<\/script><script>alert(1)<\/script>"#))
    #expect(page.contains("<title>&lt;b&gt;.json · recording</title>"))
  }

  @Test func withTheReplayTheFirstDifferingStepIsMarked() async throws {
    var recording = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        as? [String: Any])
    var steps = try #require(recording["steps"] as? [[String: Any]])
    var state = try #require(steps[3]["state"] as? [String: Any])
    state["text"] = "STAR"
    steps[3]["state"] = state
    recording["steps"] = steps
    let path = folder.appendingPathComponent("tampered.json").path
    try JSONSerialization.data(withJSONObject: recording).write(to: URL(fileURLWithPath: path))

    let page = try await RecordingViewer.page(of: path, with: registeredContracts, replay: true)
    #expect(page.contains(#"id="replay-report">{"steps":8,"failure":{"step":4,"check":"state""#))
    #expect(page.contains(#"- expected: \"STAR\""#))
    let passing = try await RecordingViewer.page(
      of: Self.fixture, with: registeredContracts, replay: true)
    #expect(passing.contains(#"id="replay-report">{"steps":8,"failure":null}"#))
  }

  @Test func aFileThatIsNotARecordingOfARegisteredAppIsRefusedInOneLine() async throws {
    let cut = folder.appendingPathComponent("cut.json").path
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
    let foreign = folder.appendingPathComponent("foreign.json").path
    try Data(#"{"hello":"world"}"#.utf8).write(to: URL(fileURLWithPath: foreign))
    let other = folder.appendingPathComponent("other.json").path
    try String(contentsOfFile: Self.fixture, encoding: .utf8)
      .replacingOccurrences(of: "\"app\" : \"movie-search\"", with: "\"app\" : \"pager\"")
      .write(toFile: other, atomically: true, encoding: .utf8)

    for (path, reason) in [
      (cut, "is not JSON (cut short, or not a recording file)"),
      (foreign, "is not a recording file"),
      (other, "is a recording of pager, which no registered contract replays"),
    ] {
      await #expect {
        _ = try await RecordingViewer.page(of: path, with: registeredContracts)
      } throws: { error in
        "\(error)".hasPrefix("\(path): \(reason)")
      }
    }
    let search = registeredContracts.filter { $0.name == "movie-search" }
    let movies = root.appendingPathComponent("Fixtures/recordings/movies/two-pages.json").path
    await #expect {
      _ = try await RecordingViewer.page(of: movies, with: search)
    } throws: { error in
      "\(error)" == "\(movies): is a recording of movies, not of movie-search"
    }
  }

  private var root: URL { Self.root }
}
