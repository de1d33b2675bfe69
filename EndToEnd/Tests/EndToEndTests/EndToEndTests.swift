import Foundation
import TestSupport
import Testing

/// The three apps over real HTTP against `fixture-server` on loopback: live output equals
/// fixture output, faults are survived or reported clearly, and a bad token is an auth error.
@Suite(.scaledTimeLimit(minutes: 2))
struct EndToEndTests {
  private static let token = "e2e.test.token"

  /// Starts a server with `options`, runs `body` with its base URL, and stops it.
  private func withServer<Result: Sendable>(
    _ options: [String] = [], _ body: (String) async throws -> Result
  ) async throws -> Result {
    let server = try await ServerProcess.start(["--port", "0", "--quiet"] + options)
    defer { server.send(SIGTERM) }
    let port = try #require(server.port, "no port in \(server.firstLine)")
    let result = try await body("http://127.0.0.1:\(port)")
    server.send(SIGTERM)
    let ending = await server.waitForExit()
    #expect(ending.exited && ending.status == 0, "fixture-server ended with \(ending)")
    return result
  }

  private var live: [String: String] { ["TMDB_API_KEY": Self.token] }

  @Test func moviesOverHTTPPrintsWhatTheFixturesPrint() async throws {
    let offline = try await CommandRun.run("movies", ["--pages", "3"])
    let online = try await withServer(["--token", Self.token]) { base in
      try await CommandRun.run(
        "movies", ["--pages", "3", "--source", "live", "--api-base", base], environment: live)
    }
    #expect(offline.status == 0)
    #expect(online.status == 0, "\(online.stderr)")
    #expect(online.stdout == offline.stdout)
    #expect(online.stdout.split(separator: "\n").count == 60)
  }

  @Test func movieSearchOverHTTPPrintsWhatTheFixturesPrint() async throws {
    for query in ["star wars", "swift", "amélie + co"] {
      let offline = try await CommandRun.run("movie-search", [query])
      let online = try await withServer { base in
        try await CommandRun.run(
          "movie-search", [query, "--source", "live", "--api-base", base], environment: live)
      }
      #expect(online.status == 0, "\(query): \(online.stderr)")
      #expect(!online.stdout.isEmpty)
      #expect(online.stdout == offline.stdout, "\(query)")
    }
  }

  @Test func trailsForecastsOverHTTPMatchTheFixtures() async throws {
    let offline = try await CommandRun.run("trails", ["trail", "gull-point-loop", "--json"])
    let online = try await withServer { base in
      try await CommandRun.run(
        "trails", ["trail", "gull-point-loop", "--json", "--source", "live", "--api-base", base])
    }
    #expect(online.status == 0, "\(online.stderr)")
    #expect(online.stdout == offline.stdout)
    #expect(online.stdout.contains("\"forecast\""))
  }

  /// Waiting for a slow answer costs next to nothing: under 5% of the wait in processor time
  /// (URLSession on Linux spent 86% of it, user and system, polling a writable socket).
  ///
  /// The wait's cost is the run against a slow server less the same run against a quick one,
  /// so what starting the process costs (several times more under ThreadSanitizer) is not
  /// counted as waiting.
  @Test(arguments: [
    ["movies", "--pages", "1"], ["movie-search", "star wars"],
    ["trails", "trail", "gull-point-loop"],
  ])
  func waitingForASlowServerTakesAlmostNoProcessorTime(command: [String]) async throws {
    let latency = 3.0
    func run(_ serverArguments: [String]) async throws -> (CommandRun, Duration) {
      try await withServer(serverArguments) { base in
        try await CommandRun.runMeasuringProcessorTime(
          command[0], Array(command.dropFirst()) + ["--source", "live", "--api-base", base],
          environment: live)
      }
    }
    let (quick, quickTime) = try await run([])
    let (slow, slowTime) = try await run(["--latency", "\(latency)s"])
    #expect(quick.status == 0, "\(quick.stderr)")
    #expect(slow.status == 0, "\(slow.stderr)")
    #expect(
      slowTime - quickTime < .milliseconds(Int(latency * 1000 * 0.05)),
      "\(command[0]): \(slowTime) waiting, \(quickTime) without waiting")
  }

  /// A request that gets no answer within `--timeout` is retried like a 503, then reported as
  /// timed out, with the status of a failure.
  @Test func aRequestThatTimesOutIsRetriedThenReported() async throws {
    // How many attempts are made is the unit tests' to count (MovieCatalogLiveTests).
    let run = try await withServer(["--latency", "20s"]) { base in
      try await CommandRun.run(
        "movies",
        ["--pages", "1", "--source", "live", "--api-base", base, "--timeout", "0.2"],
        environment: live)
    }
    #expect(run.status == 1)
    #expect(run.stderr.contains("timed out (URLError -1001)"), "\(run.stderr)")
  }

  @Test func moviesSurvivesLatencyAndFailuresOrSaysWhichPageFailed() async throws {
    for seed in 1...4 {
      let run = try await withServer(
        ["--latency", "20ms", "--jitter", "10ms", "--fail-rate", "0.3", "--seed", "\(seed)"]
      ) { base in
        try await CommandRun.run(
          "movies", ["--pages", "3", "--source", "live", "--api-base", base], environment: live)
      }
      let lines = run.stdout.split(separator: "\n")
      if run.status == 0 {
        #expect(lines.count == 60, "seed \(seed): \(lines.count) lines")
      } else {
        #expect(run.status == 1, "seed \(seed): status \(run.status)")
        #expect(run.stderr.contains("HTTP 500"), "seed \(seed): \(run.stderr)")
        #expect(lines.count % 20 == 0 && lines.count < 60, "seed \(seed): \(lines.count) lines")
      }
    }
  }

  @Test func movieSearchNeverPrintsResultsForAnotherQuery() async throws {
    let queries = ["star", "swift", "star wars", "lantern", "ghost"]
    var expected: [String: Set<String>] = [:]
    for query in queries {
      let offline = try await CommandRun.run("movie-search", [query])
      expected[query] = Set(offline.stdout.split(separator: "\n").map(String.init))
    }
    let run = try await withServer(
      ["--latency", "30ms", "--jitter", "30ms", "--fail-rate", "0.25", "--seed", "7"]
    ) { base in
      try await CommandRun.run(
        "movie-search", ["--source", "live", "--api-base", base], environment: live,
        input: queries.joined(separator: "\n") + "\n")
    }
    var current: String?
    var headings: [String] = []
    for line in run.stdout.split(separator: "\n").map(String.init) {
      if line.hasPrefix("# ") {
        current = String(line.dropFirst(2))
        headings.append(line)
        continue
      }
      // An offline answer ranks the local catalog for the same query; a live one must be
      // exactly the fixture's answer to that query.
      let belongs =
        line.hasSuffix("(offline)") || expected[current ?? "", default: []].contains(line)
      #expect(belongs, "under \(current ?? "no heading"): \(line)")
    }
    #expect(headings == queries.map { "# \($0)" })
    // 3 when any answer is the offline fallback, which its lines say; 0 when none is.
    let fellBack = run.stdout.contains("(offline)")
    #expect(run.status == (fellBack ? 3 : 0), "\(run.stderr)")
  }

  @Test func anOutageIsToldApartFromAnEmptyResultByStatusStderrAndJSON() async throws {
    // Every request answers 500, so every retry fails and the search falls back.
    let (text, json, empty) = try await withServer(["--fail-rate", "1"]) { base in
      let live = ["star wars", "--source", "live", "--api-base", base]
      return (
        try await CommandRun.run("movie-search", live, environment: self.live),
        try await CommandRun.run("movie-search", live + ["--json"], environment: self.live),
        try await CommandRun.run(
          "movie-search", ["zzzz no such film", "--source", "live", "--api-base", base],
          environment: self.live)
      )
    }
    #expect(text.status == 3)
    #expect(text.stderr.hasPrefix("movie-search: offline ("), "\(text.stderr)")
    #expect(text.stderr.contains("HTTP 500"), "\(text.stderr)")
    #expect(json.status == 3)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["offline"] as? Bool == true)
    #expect(document["status"] as? String == "offline")
    #expect(empty.status == 3)
    #expect(empty.stdout == "no results (offline)\n")
    // The same empty answer from a working TMDB is 0, with nothing on standard error.
    let answered = try await withServer { base in
      try await CommandRun.run(
        "movie-search", ["zzzz no such film", "--source", "live", "--api-base", base],
        environment: self.live)
    }
    #expect(answered.status == 0)
    #expect(answered.stdout == "no results\n")
    #expect(answered.stderr.isEmpty, "\(answered.stderr)")
  }

  @Test(arguments: [false, true])
  func aLaterPageThatFailsIsAPartialAnswerInEveryAppAndFormat(json: Bool) async throws {
    // With seed 472 and a fail rate of 0.5, the first request passes and the next seven fail:
    // page 1 loads, page 2 fails on its first try and on each of its three retries.
    let faults = ["--fail-rate", "0.5", "--seed", "472"]
    let format = json ? ["--json"] : []
    let movies = try await withServer(faults) { base in
      try await CommandRun.run(
        "movies", ["--pages", "2", "--source", "live", "--api-base", base] + format,
        environment: self.live)
    }
    let search = try await withServer(faults) { base in
      try await CommandRun.run(
        "movie-search", ["star", "--limit", "25", "--source", "live", "--api-base", base] + format,
        environment: self.live)
    }

    #expect(movies.status == 3, "\(movies.stderr)")
    #expect(movies.stderr.hasPrefix("movies: stopped after page 1: failed to load page 2: "))
    #expect(search.status == 3, "\(search.stderr)")
    #expect(search.stderr.hasPrefix("movie-search: could not load more results: "))
    guard json else {
      #expect(movies.stdoutLines.count == 20)
      #expect(search.stdoutLines.count == 20)
      return
    }
    // The JSON marks the gap where it is, with one key in both apps.
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(movies.stdout.utf8)) as? [String: Any])
    #expect((list["movies"] as? [Any])?.count == 20)
    #expect((list["next_page_error"] as? String)?.contains("HTTP 500") == true, "\(list)")
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
    #expect((answer["results"] as? [Any])?.count == 20)
    #expect(answer["status"] as? String == "results")
    #expect((answer["next_page_error"] as? String)?.contains("HTTP 500") == true, "\(answer)")
  }

  @Test func pipedQueriesThatPartlyFailArePartialAndAllFailedIsAFailure() async throws {
    // TMDB refuses every search (401 is not a reason to fall back); a one-letter query is
    // answered with the hint without asking it.
    let (some, all) = try await withServer(["--status", "401", "--on", "/3/search"]) { base in
      let arguments = ["--json", "--source", "live", "--api-base", base]
      return (
        try await CommandRun.run(
          "movie-search", arguments, environment: self.live, input: "a\nstar wars\n"),
        try await CommandRun.run(
          "movie-search", arguments, environment: self.live, input: "star wars\nlantern\n")
      )
    }
    // Some failed: what was answered is printed, the failed query marked, then status 3.
    #expect(some.status == 3, "\(some.stderr)")
    let answers = try #require(
      try JSONSerialization.jsonObject(with: Data(some.stdout.utf8)) as? [[String: Any]])
    #expect(answers.map { $0["status"] as? String } == ["hint", "failed"])
    #expect(some.stderr.hasSuffix("movie-search: 1 query failed of 2\n"), "\(some.stderr)")
    // All failed: nothing on standard output, not even an empty array.
    #expect(all.status == 1, "\(all.stderr)")
    #expect(all.stdout.isEmpty)
    #expect(all.stderr.hasSuffix("error: 2 queries failed\n"), "\(all.stderr)")
  }

  @Test func everyOfflineNoticeIsOneLineThatFitsEightyColumns() async throws {
    let runs = [
      try await CommandRun.run("movies", ["--pages", "1"]),
      try await CommandRun.run("movie-search", ["star"]),
      try await CommandRun.run("trails", ["trail", "gull-point-loop"]),
    ]
    for run in runs {
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(run.stderr)")
      #expect(lines.allSatisfy { $0.count < 80 }, "\(run.stderr)")
      #expect(run.stderr.contains("offline"), "\(run.stderr)")
    }
  }

  @Test func everyAppRefusesABadAPIBaseWithTheSameMessageAndStatus2() async throws {
    let apps = [
      ("movies", ["--pages", "1"]), ("movie-search", ["star"]), ("trails", ["regions"]),
    ]
    for (app, arguments) in apps {
      let bad = try await CommandRun.run(app, arguments + ["--api-base", "ftp://example.org"])
      #expect(bad.status == 2, "\(app)")
      #expect(
        bad.stderr.hasPrefix(
          "error: --api-base expects an http or https URL with a host, such as "
            + "http://127.0.0.1:8787, got 'ftp://example.org'\n"), "\(app): \(bad.stderr)")
      let both = try await CommandRun.run(
        app, arguments + ["--source", "fixtures", "--api-base", "http://127.0.0.1:8787"])
      #expect(both.status == 2, "\(app)")
      #expect(
        both.stderr.hasPrefix("error: --api-base applies to --source live; drop one of them\n"),
        "\(app): \(both.stderr)")
    }
  }

  @Test func aWrongTokenIsReportedAsAnAuthenticationError() async throws {
    let run = try await withServer(["--token", "the-right-token"]) { base in
      try await CommandRun.run(
        "movies", ["--pages", "1", "--source", "live", "--api-base", base],
        environment: ["TMDB_API_KEY": "a.wrong.token"])
    }
    #expect(run.status == 1)
    #expect(run.stderr.contains("401"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
  }
}
