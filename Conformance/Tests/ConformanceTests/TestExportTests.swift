import ConformanceSuite
import Foundation
import LoopContracts
import TestSupport
import Testing

/// `conformance export-test`'s Swift, compared with the exports checked into the apps' feature
/// tests, which `make test` compiles and runs: each committed recording's, which passes, and a
/// tampered copy of movie-search's, which fails at the tampered step.
struct TestExportTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  private static let recording = "Fixtures/recordings/movie-search/star-wars-twice.json"
  private static let exported = "Apps/Search/Tests/SearchFeatureTests/Exported"

  private let temporary: TemporaryFolder
  private var folder: URL { temporary.url }

  init() throws {
    temporary = try TemporaryFolder("export")
  }

  /// Expects `text` to be the checked-in file `name`; else writes it beside the test's
  /// temporary folder and says how to take it.
  private func expect(
    _ text: String, isTheCheckedIn name: String, in testFolder: String = exported,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = Self.root.appendingPathComponent("\(testFolder)/\(name)").path
    let checkedIn = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    guard checkedIn != text else { return }
    let fresh = folder.appendingPathComponent(name).path
    try text.write(toFile: fresh, atomically: true, encoding: .utf8)
    Issue.record(
      """
      Expected: \(testFolder)/\(name) is what `conformance export-test` writes today.
      Happened: the export differs (written to \(fresh)).
      Fix: if the change to the export is meant, cp \(fresh) \(path)
      """, sourceLocation: sourceLocation)
  }

  /// Each app's committed recording, and where its export is checked in.
  static let committed = [
    (
      "Fixtures/recordings/movie-search/star-wars-twice.json",
      "Apps/Search/Tests/SearchFeatureTests"
    ),
    ("Fixtures/recordings/movies/two-pages.json", "Apps/Movies/Tests/MoviesFeatureTests"),
    (
      "Fixtures/recordings/trails/add-a-trail-interactively.json",
      "Apps/Trails/Tests/TrailsFeatureTests"
    ),
  ]

  @Test(arguments: committed)
  func aCommittedRecordingsExportIsTheCheckedInTest(recording: String, tests: String) throws {
    let name = TestExport.defaultName(for: recording)
    let text = try TestExport.source(
      of: Self.root.appendingPathComponent(recording).path, with: registeredContracts,
      name: name, shownAs: recording)
    try expect(text, isTheCheckedIn: "\(name).swift", in: "\(tests)/Exported")
  }

  /// The recording with its step 4's state saying "STAR" where the reducer makes "star".
  ///
  /// The export asserts it, so the test fails at step 4's line. Checked in without its `@Test`,
  /// so that `TamperedExportTests` runs it expecting that failure.
  @Test func aTamperedRecordingsExportIsTheCheckedInFailingTest() throws {
    var recording = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.root.appendingPathComponent(Self.recording)))
        as? [String: Any])
    var steps = try #require(recording["steps"] as? [[String: Any]])
    var state = try #require(steps[3]["state"] as? [String: Any])
    state["text"] = "STAR"
    steps[3]["state"] = state
    recording["steps"] = steps
    let path = folder.appendingPathComponent("tampered.json").path
    try JSONSerialization.data(withJSONObject: recording, options: .sortedKeys)
      .write(to: URL(fileURLWithPath: path))
    let text = try TestExport.source(
      of: path, with: registeredContracts, name: "TamperedStarWarsTwiceTests",
      shownAs: "star-wars-twice.json, its step 4's text edited to \"STAR\""
    ).replacingOccurrences(
      of: "  @Test func replaysAsRecorded()", with: "  func replaysAsRecorded()")
    try expect(text, isTheCheckedIn: "TamperedStarWarsTwiceTests.swift")
  }

  @Test func theNameIsTheFilesInUpperCamelCaseOrASwiftIdentifierGiven() throws {
    #expect(TestExport.defaultName(for: "Fixtures/star-wars-twice.json") == "StarWarsTwiceTests")
    #expect(TestExport.defaultName(for: "/tmp/bug.jsonl") == "BugTests")
    #expect(TestExport.defaultName(for: "/tmp/2024 run.jsonl") == "Recording2024RunTests")
    #expect(try TestExport.validated(name: "CaseIsIgnored_2") == "CaseIsIgnored_2")
    for bad in ["", "2fast", "star-wars", "struct", "Star Wars", "é"] {
      #expect(throws: TestExport.InvalidName(name: bad)) {
        try TestExport.validated(name: bad)
      }
    }
    #expect(
      TestExport.InvalidName(name: "star-wars").description
        == "`star-wars` is not a Swift identifier (ASCII letters, digits and _, not starting "
        + "with a digit, not a keyword)")
  }
}
