import Foundation
import TestSupport
import Testing

/// README.md's exit-status rule for a partial answer, on every path that makes one: exit 3,
/// a line on stderr starting with the app's name, and in JSON a mark where the gap is.
///
/// One row per (app, command, failure injected, format), run against `fixture-server`: a path
/// that makes a partial answer and has no row here is a path nobody checks.
@Suite(.scaledTimeLimit(minutes: 4))
struct PartialAnswerTests {
  /// With seed 472 and a fail rate of 0.5 the first request passes and the next seven fail: a
  /// first page loads and the second fails on every try, or one trail's forecast loads and
  /// the other's fails on every try (whichever is asked first gets the answer).
  static let laterRequestsFail = ["--fail-rate", "0.5", "--seed", "472"]
  /// Every request answers 500, so every retry fails.
  static let everyRequestFails = ["--fail-rate", "1"]

  /// One way an app prints a partial answer, and what it must say about it.
  struct PartialPath: Sendable, CustomTestStringConvertible {
    /// `movies`, `movie-search` or `trails`.
    let app: String
    /// What fails, for the test's name.
    let trigger: String
    /// The command's arguments, without the source or the format.
    let arguments: [String]
    /// Standard input, for piped queries.
    var input: String? = nil
    /// The trails edits that make the plan first, with the bundled forecasts.
    var plan: [[String]] = []
    /// fixture-server's options that make the failure.
    let server: [String]
    /// Whether to ask for `--json`.
    let json: Bool
    /// How each stderr line that says what is missing starts (each starts with the app's name).
    let said: [String]
    /// How many stderr lines start with the app's name, when it is known.
    var gaps: Int? = nil
    /// The JSON key that marks the gap, and how many marks the document holds.
    let mark: Mark

    var testDescription: String {
      "\(app) \(arguments.joined(separator: " "))\(input.map { " <<< \($0.debugDescription)" } ?? "")"
        + "\(json ? " --json" : ""), \(trigger)"
    }
  }

  /// A mark in the JSON: `key` with a value that is not `null` or `false` (or that equals
  /// `value`, when given), `count` times anywhere in the document.
  struct Mark: Sendable {
    let key: String
    var value: String? = nil
    let count: Int
  }

  /// Each path in text and in JSON.
  static func both(_ make: (Bool) -> PartialPath) -> [PartialPath] { [make(false), make(true)] }

  /// Every path that makes a partial answer, in each app.
  static let paths: [PartialPath] =
    both {
      PartialPath(
        app: "movies", trigger: "page 2 fails", arguments: ["--pages", "2"],
        server: laterRequestsFail, json: $0,
        said: ["movies: stopped after page 1: failed to load page 2: "],
        mark: Mark(key: "next_page_error", count: 1))
    }
    + both {
      PartialPath(
        app: "movie-search", trigger: "TMDB fails, offline results", arguments: ["star wars"],
        server: everyRequestFails, json: $0, said: ["movie-search: offline ("],
        mark: Mark(key: "offline", count: 1))
    }
    + both {
      PartialPath(
        app: "movie-search", trigger: "TMDB fails, no offline match",
        arguments: ["zzzz no such film"], server: everyRequestFails, json: $0,
        said: ["movie-search: offline ("], mark: Mark(key: "offline", count: 1))
    }
    + both {
      PartialPath(
        app: "movie-search", trigger: "page 2 fails", arguments: ["star", "--limit", "25"],
        server: laterRequestsFail, json: $0,
        said: ["movie-search: could not load more results: "],
        mark: Mark(key: "next_page_error", count: 1))
    }
    + both {
      PartialPath(
        app: "movie-search", trigger: "TMDB fails, offline results", arguments: [],
        input: "star wars\nlantern\n", server: everyRequestFails, json: $0,
        said: ["movie-search: offline ("], mark: Mark(key: "offline", count: 2))
    }
    + both {
      PartialPath(
        app: "movie-search", trigger: "TMDB refuses one query of two", arguments: [],
        input: "a\nstar wars\n", server: ["--status", "401", "--on", "/3/search"], json: $0,
        said: ["movie-search: 1 query failed of 2"],
        mark: Mark(key: "status", value: "failed", count: 1))
    }
    + both {
      PartialPath(
        app: "movie-search", trigger: "page 2 fails", arguments: ["--limit", "25"],
        input: "star\n", server: laterRequestsFail, json: $0,
        said: ["movie-search: could not load more results: "],
        mark: Mark(key: "next_page_error", count: 1))
    }
    + both {
      PartialPath(
        app: "trails", trigger: "the forecast fails", arguments: ["trail", "gull-point-loop"],
        server: everyRequestFails, json: $0, said: ["trails: the trailhead of Gull Point Loop: "],
        gaps: 1, mark: Mark(key: "forecast_error", count: 1))
    }
    + both {
      PartialPath(
        app: "trails", trigger: "the forecast fails",
        arguments: ["open", "trails://trail/gull-point-loop"], server: everyRequestFails,
        json: $0, said: ["trails: the trailhead of Gull Point Loop: "], gaps: 1,
        mark: Mark(key: "forecast_error", count: 1))
    }
    + both {
      PartialPath(
        app: "trails", trigger: "every planned forecast fails", arguments: ["plan"],
        plan: twoDays, server: everyRequestFails, json: $0,
        said: ["trails: Gull Point Loop on day 1: ", "trails: Cinder Corrie on day 2: "],
        gaps: 2, mark: Mark(key: "forecast_error", count: 2))
    }
    + both {
      PartialPath(
        app: "trails", trigger: "one planned day's forecast fails", arguments: ["plan"],
        plan: twoDays, server: laterRequestsFail, json: $0, said: ["trails: "], gaps: 1,
        mark: Mark(key: "forecast_error", count: 1))
    }
    + both {
      PartialPath(
        app: "trails", trigger: "every planned forecast fails",
        arguments: ["open", "trails://plan"], plan: twoDays, server: everyRequestFails,
        json: $0,
        said: ["trails: Gull Point Loop on day 1: ", "trails: Cinder Corrie on day 2: "],
        gaps: 2, mark: Mark(key: "forecast_error", count: 2))
    }
    // An edit prints the plan with its forecasts only in JSON; its text is one line that
    // names no forecast (exit 0, checked in `anEditInTextAsksForNoForecast`).
    + [
      ["plan", "add", "fern-gully-track", "--day", "3"],
      ["plan", "move", "cinder-corrie", "--to-day", "3"],
      ["plan", "remove", "cinder-corrie"],
      ["plan", "date", "2026-12-02"],
    ].map { edit in
      PartialPath(
        app: "trails", trigger: "the planned forecasts fail", arguments: edit, plan: twoDays,
        server: everyRequestFails, json: true, said: ["trails: Gull Point Loop on day 1: "],
        mark: Mark(
          key: "forecast_error", count: edit[1] == "remove" ? 1 : edit[1] == "add" ? 3 : 2))
    }

  /// Gull Point Loop on day 1, Cinder Corrie on day 2.
  static let twoDays = [
    ["plan", "add", "gull-point-loop", "--day", "1"],
    ["plan", "add", "cinder-corrie", "--day", "2"],
  ]

  @Test(arguments: paths)
  func aPartialAnswerExits3SaysWhatIsMissingAndMarksTheJSON(_ path: PartialPath) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("partial-answer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database =
      path.app == "trails" ? ["--db", folder.appendingPathComponent("plan.db").path] : []
    for edit in path.plan {
      let made = try await CommandRun.run("trails", edit + ["--source", "fixtures"] + database)
      try #require(made.status == 0, "\(edit): \(made.stderr)")
    }

    let server = try await ServerProcess.start(["--port", "0", "--quiet"] + path.server)
    defer { server.send(SIGTERM) }
    let port = try #require(server.port, "no port in \(server.firstLine)")
    let run = try await CommandRun.run(
      path.app,
      path.arguments + ["--source", "live", "--api-base", "http://127.0.0.1:\(port)"] + database
        + (path.json ? ["--json"] : []),
      environment: ["TMDB_API_KEY": "partial.test.token"], input: path.input)
    server.send(SIGTERM)
    _ = await server.waitForExit()

    let context = "stdout:\n\(run.stdout)\nstderr:\n\(run.stderr)"
    #expect(
      run.status == 3,
      "Expected exit 3 (a partial answer), got \(run.status). \(context)")
    #expect(!run.stdout.isEmpty, "A partial answer is printed. \(context)")
    for said in path.said {
      #expect(
        run.stderrLines.contains { $0.hasPrefix(said) },
        "Expected a stderr line starting with \(said.debugDescription). \(context)")
    }
    if let gaps = path.gaps {
      #expect(
        run.stderrLines.filter { $0.hasPrefix("\(path.app): ") }.count == gaps,
        "Expected \(gaps) stderr lines starting with '\(path.app): '. \(context)")
    }
    guard path.json else { return }
    let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    let marks = Self.values(of: path.mark.key, in: document).filter { value in
      if let expected = path.mark.value { return value as? String == expected }
      return !(value is NSNull) && (value as? Bool) != false
    }
    #expect(
      marks.count == path.mark.count,
      "Expected \(path.mark.count) \"\(path.mark.key)\" marks, found \(marks.count). \(context)")
  }

  /// The text of an edit is one line, and asks for no forecast: not a partial answer even
  /// when every forecast would fail (its JSON, which has the forecasts, is: rows above).
  @Test func anEditInTextAsksForNoForecast() async throws {
    let database = FileManager.default.temporaryDirectory
      .appendingPathComponent("partial-answer-\(UUID().uuidString).db").path
    defer { try? FileManager.default.removeItem(atPath: database) }
    let server = try await ServerProcess.start(["--port", "0", "--quiet"] + Self.everyRequestFails)
    defer { server.send(SIGTERM) }
    let port = try #require(server.port, "no port in \(server.firstLine)")
    let run = try await CommandRun.run(
      "trails",
      [
        "plan", "add", "gull-point-loop", "--db", database, "--source", "live", "--api-base",
        "http://127.0.0.1:\(port)",
      ])
    server.send(SIGTERM)
    _ = await server.waitForExit()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdoutLines.count == 1 && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
  }

  /// Every value of `key`, in every object of `document`, however deep.
  private static func values(of key: String, in document: Any) -> [Any] {
    if let object = document as? [String: Any] {
      return (object[key].map { [$0] } ?? []) + object.values.flatMap { values(of: key, in: $0) }
    }
    if let array = document as? [Any] {
      return array.flatMap { values(of: key, in: $0) }
    }
    return []
  }
}
