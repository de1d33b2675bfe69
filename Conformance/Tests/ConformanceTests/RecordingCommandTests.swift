import Foundation
import TestSupport
import Testing

/// `conformance view` and `conformance export-test`, run as a user runs them: what they write,
/// and the inputs they refuse in one line, writing nothing.
@Suite(.scaledTimeLimit(minutes: 1))
struct RecordingCommandTests {
  private static let root = Repository.root
  private static let fixture = Repository.starWarsTwice

  private let temporary: TemporaryFolder
  private var folder: URL { temporary.url }

  init() throws {
    temporary = try TemporaryFolder("recording-commands")
  }

  private func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func write(_ text: String, to name: String) throws -> String {
    try text.write(toFile: file(name), atomically: true, encoding: .utf8)
    return file(name)
  }

  @Test func viewWritesThePageBesideTheRecordingOrWhereAsked() async throws {
    let copy = file("bug.json")
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: copy)
    let beside = try await CommandRun.run("conformance", ["view", copy])
    #expect(beside.status == 0, "\(beside.stderr)")
    #expect(beside.stdoutLines == ["conformance: wrote \(file("bug.html")); open it in a browser"])
    let page = try String(contentsOfFile: file("bug.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!doctype html>") && page.contains("\"textChanged\""))

    let asked = try await CommandRun.run(
      "conformance", ["view", copy, "--replay", "--output", file("page.html")])
    #expect(asked.status == 0, "\(asked.stderr)")
    let replayed = try String(contentsOfFile: file("page.html"), encoding: .utf8)
    #expect(replayed.contains(#"id="replay-report">{"steps":8,"failure":null}"#))
  }

  @Test func anExistingOutputIsRefusedUnlessForced() async throws {
    let existing = try write("mine", to: "page.html")
    for command in [["view"], ["export-test"]] {
      let refused = try await CommandRun.run(
        "conformance", command + [Self.fixture, "--output", existing])
      #expect(refused.status == 1)
      #expect(refused.stderrLines == ["error: \(existing) exists; give --force to replace it"])
      #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine")
    }
    let forced = try await CommandRun.run(
      "conformance", ["export-test", Self.fixture, "--output", existing, "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOfFile: existing, encoding: .utf8).contains("StarWarsTwiceTests"))
  }

  @Test func badRecordingsAreRefusedInOneLineAndNothingIsWritten() async throws {
    let whole = try String(contentsOfFile: Self.fixture, encoding: .utf8)
    let cut = try write(String(whole.prefix(whole.count / 2)), to: "cut.json")
    let foreign = try write(#"{"hello":"world"}"#, to: "foreign.json")
    let other = try write(
      whole.replacingOccurrences(of: "\"app\" : \"movie-search\"", with: "\"app\" : \"pager\""),
      to: "other.json")
    let missing = file("missing.json")
    let expected = [
      cut: "error: \(cut): is not JSON (cut short, or not a recording file)",
      foreign: "error: \(foreign): is not a recording file (its `format` is not "
        + "\"loop-recording\")",
      other: "error: \(other): is a recording of pager, which no registered contract replays "
        + "(these do: movies, movie-search, trails)",
      missing: "error: \(missing): cannot be read (no such file or directory)",
    ]
    for (path, line) in expected {
      for command in ["view", "export-test"] {
        let output = file("out-\(command)")
        let run = try await CommandRun.run("conformance", [command, path, "--output", output])
        #expect(run.status == 1, "\(command) \(path)")
        #expect(run.stderrLines == [line], "\(command)")
        #expect(!FileManager.default.fileExists(atPath: output), "\(command) wrote \(output)")
      }
    }
  }

  @Test func exportTestNamesTheTestAfterTheFileOrAsAskedIfASwiftIdentifier() async throws {
    let copy = file("case-is-ignored.jsonl")
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: copy)
    let named = try await CommandRun.run(
      "conformance", ["export-test", copy, "--output", file("a.swift")])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(
      named.stdoutLines == [
        "conformance: wrote \(file("a.swift")) (struct CaseIsIgnoredTests); put it in the app's "
          + "feature tests"
      ])
    #expect(
      try String(contentsOfFile: file("a.swift"), encoding: .utf8)
        .contains("struct CaseIsIgnoredTests {"))

    let bad = try await CommandRun.run(
      "conformance",
      ["export-test", copy, "--name", "case-is-ignored", "--output", file("b.swift")])
    #expect(bad.status == 2)
    #expect(
      bad.stderrLines.first
        == "error: --name: `case-is-ignored` is not a Swift identifier (ASCII letters, digits and "
        + "_, not starting with a digit, not a keyword)")
    #expect(!FileManager.default.fileExists(atPath: file("b.swift")))
  }
}
