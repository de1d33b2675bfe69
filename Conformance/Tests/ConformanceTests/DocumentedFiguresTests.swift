import Foundation
import TestSupport
import Testing

/// What the documentation shows of the runner, checked against the runner.
///
/// The README's `make conformance` table, the counts each app's page gives for its contract,
/// and the refusals docs/RECORDINGS.md lists under "Bad files". A contract that gains a scenario, or a
/// message that changes, fails here until the page says so too.
// Five minutes: the whole conformance run, which under make tsan's instrumented build takes
// over a minute.
@Suite(.scaledTimeLimit(minutes: 5))
struct DocumentedFiguresTests {
  /// The repository's root, from this file's place in it.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static func document(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// A table row with what changes from run to run (speed, time) taken out, and single spaces.
  private static func stable(_ row: Substring) -> String {
    row.replacing(#/[0-9.]+k? steps/s/#, with: "_ steps/s")
      .replacing(#/[0-9]+\.[0-9]+ s /#, with: "_ s ")
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  /// The rows of the runner's table, by app: `movies 16/16 33/33 rows ...`.
  private static func rows(_ text: String) -> [String: String] {
    let apps = ["movies", "movie-search", "trails", "template"]
    var rows: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let name = String(line.prefix { $0 != " " })
      if apps.contains(name) { rows[name] = stable(line) }
    }
    return rows
  }

  @Test func theREADMEsTableAndEachAppsCountsAreWhatTheRunnerPrints() async throws {
    // Every contract, explored in full: 15 s on an idle machine, more than 30 on a busy one.
    let run = try await CommandRun.run("conformance", [], bound: .seconds(180) * WaitBound.scale)
    #expect(run.status == 0, "\(run.stderr)")
    let actual = Self.rows(run.stdout)
    #expect(actual.count == 4, "\(run.stdout)")

    let readme = try Self.document("README.md")
    #expect(Self.rows(readme) == actual, "README.md's table is not what make conformance prints")

    // "It has 19 examples, 8 invariants (...), 8 laws (...) and 13 scenarios": the first count
    // of each.
    for (page, app) in [("docs/apps/search.md", "movie-search"), ("docs/apps/trails.md", "trails")]
    {
      let columns = try #require(actual[app]).split(separator: " ").map(String.init)
      let counts = [
        "examples": columns[1], "invariants": columns[4], "laws": columns[6],
        "scenarios": columns[10],
      ].mapValues { String($0.prefix { $0 != "/" }) }
      let text = try Self.document(page).replacing("\n", with: " ")
      for (noun, count) in counts {
        let said = text.firstMatch(of: try Regex("([0-9]+) \(noun)"))?.output[1].substring
        #expect(said.map(String.init) == count, "\(page) gives \(said ?? "no") \(noun); \(count)")
      }
    }
  }

  /// The first Mermaid block of the page at `path`, without its fences.
  private static func diagram(in path: String) throws -> [String] {
    let text = try document(path)
    let start = try #require(text.range(of: "```mermaid\n"), "\(path) has no diagram")
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
  }

  @Test func eachAppsPageDrawsWhatDiagramPrints() async throws {
    // movies.md shows the whole diagram, after its `%% movies` comment line.
    let movies = try await CommandRun.run("conformance", ["--app", "movies", "--diagram"])
    #expect(movies.status == 0, "\(movies.stderr)")
    let printed = movies.stdoutLines.filter { !$0.isEmpty }
    #expect(printed.first == "%% movies")
    #expect(
      try Self.diagram(in: "docs/apps/movies.md") == Array(printed.dropFirst()),
      "docs/apps/movies.md's diagram is not what conformance --app movies --diagram prints")
    // search.md leaves out the moves that keep the phase: every row it draws is printed.
    let search = try await CommandRun.run("conformance", ["--app", "movie-search", "--diagram"])
    let rows = Set(search.stdoutLines)
    for row in try Self.diagram(in: "docs/apps/search.md") {
      #expect(rows.contains(row), "docs/apps/search.md draws \(row), which --diagram does not")
    }
  }

  @Test func theBadFilesRecordingsPageListsAreWhatReplayPrints() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bug.json").path
    let fixtures = Self.root.appendingPathComponent("Fixtures/recordings")
    let search = try Data(
      contentsOf: fixtures.appendingPathComponent("movie-search/star-wars-twice.json"))
    let movies = try Data(contentsOf: fixtures.appendingPathComponent("movies/two-pages.json"))

    /// The search recording with `edit` applied to its JSON object.
    func edited(_ edit: (inout [String: Any], inout [[String: Any]]) -> Void) throws -> Data {
      var recording = try #require(try JSONSerialization.jsonObject(with: search) as? [String: Any])
      var steps = try #require(recording["steps"] as? [[String: Any]])
      edit(&recording, &steps)
      recording["steps"] = steps
      return try JSONSerialization.data(withJSONObject: recording)
    }
    // The files RECORDINGS.md describes, in its order: cut short, of another app, newer,
    // a state edited by hand, a time out of order, a step missing its origin.
    let cases: [(Data, [String])] = [
      (search.prefix(search.count / 2), []),
      (movies, ["--app", "movie-search"]),
      (try edited { recording, _ in recording["version"] = 3 }, []),
      (
        try edited { _, steps in
          var state = steps[3]["state"] as? [String: Any] ?? [:]
          state["text"] = 7
          steps[3]["state"] = state
        }, []
      ),
      (try edited { _, steps in steps[3]["at_ms"] = 0.01 }, []),
      (try edited { _, steps in steps[1]["origin"] = nil }, []),
    ]
    var printed: [String] = []
    for (bytes, arguments) in cases {
      try bytes.write(to: URL(fileURLWithPath: path))
      let run = try await CommandRun.run("conformance", ["--replay", path] + arguments)
      #expect(run.status == 1, "\(run.stdout)")
      printed += run.stdoutLines.map {
        String($0).replacingOccurrences(of: path, with: "bug.json")
      }
    }

    let page = try Self.document("docs/RECORDINGS.md")
    let listed = page.split(separator: "\n").map(String.init).filter { $0.hasPrefix("bug.json: ") }
    #expect(printed == listed)
  }
}
