import Foundation
import TestSupport
import Testing

/// `movies` run end to end on the bundled fixtures: scripted output, JSON, arguments.
@Suite(.scaledTimeLimit(minutes: 1))
struct MoviesCLITests {
  static let offlineNotice =
    "movies: offline fixtures; set TMDB_API_KEY or pass --source live for TMDB"

  @Test func printsTwentyMoviesAPageWhenPagesIsTwo() async throws {
    let run = try await MoviesBinary.run(["--pages", "2"])

    #expect(run.status == 0)
    let lines = run.stdoutLines
    try #require(lines.count == 40, "expected 40 lines, got:\n\(run.stdout)")
    #expect(lines[0] == "  1. The Lantern Keeper (1998)  ★ 8.7")
    #expect(lines[1] == "  2. Ironvale (2022)  ★ 7.7")
    #expect(lines[20] == " 21. Skylark Down (2008)  ★ 8.6")
    #expect(run.stderrLines == [Self.offlineNotice])
  }

  @Test func writesNoEscapeBytesWhenOutputIsNotATerminal() async throws {
    let run = try await MoviesBinary.run(["--pages", "5"])

    #expect(run.status == 0)
    #expect(!run.stdout.isEmpty)
    #expect(!run.stdout.contains("\u{1B}"), "stdout is a file, yet it holds ANSI codes")
    #expect(!run.stderr.contains("\u{1B}"))
  }

  @Test func printsAJSONObjectOfTheMoviesAndNoErrorWhenJSONIsGiven() async throws {
    let run = try await MoviesBinary.run(["--pages", "2", "--json"])

    #expect(run.status == 0)
    let document = try Self.jsonDocument(run.stdout)
    #expect(document["next_page_error"] is NSNull)
    let movies = try Self.jsonMovies(run.stdout)
    try #require(movies.count == 40)
    for movie in movies {
      #expect(Set(movie.keys) == ["id", "title", "year", "rating", "release_date", "page"])
    }
    let first = movies[0]
    #expect(first["id"] as? Int == 1_394_722)
    #expect(first["title"] as? String == "The Lantern Keeper")
    #expect(first["year"] as? Int == 1998)
    #expect(first["rating"] as? Double == 8.677)
    #expect(first["release_date"] as? String == "1998-10-06")
    #expect(
      movies.map { $0["page"] as? Int } == Array(repeating: 1, count: 20)
        + Array(repeating: 2, count: 20))
    #expect(run.stderrLines == [Self.offlineNotice])
  }

  @Test func everyMovieOfEveryPageHasEveryJSONKey() async throws {
    let run = try await MoviesBinary.run(["--pages", "9", "--json"])

    #expect(run.status == 0)
    #expect(try Self.jsonMovies(run.stdout).count > 79)
    #expect(try JSONKeyRule.violations(inDocuments: [run.stdout]) == [])
  }

  @Test func writesNullForAnUnknownReleaseDayWhenJSONIsGiven() async throws {
    let run = try await MoviesBinary.run(["--pages", "4", "--json"])

    #expect(run.status == 0)
    let movies = try Self.jsonMovies(run.stdout)
    #expect(movies.count == 79)
    let lighthouse = try #require(movies.first { $0["title"] as? String == "Lighthouse 9" })
    #expect(lighthouse["release_date"] is NSNull)
    #expect(lighthouse["year"] is NSNull)
    #expect(lighthouse["page"] as? Int == 4)
  }

  @Test func showsAMovieOnceWhenTwoPagesRepeatIt() async throws {
    let run = try await MoviesBinary.run(["--pages", "4"])

    #expect(run.status == 0)
    #expect(run.stdoutLines.count == 79)
    // Page 3's last movie is page 4's first.
    #expect(
      run.stdoutLines.filter { $0.contains(". Honeycomb (1989)") } == [
        " 60. Honeycomb (1989)  ★ 7.8"
      ])
    #expect(run.stdoutLines.contains(" 74. Lighthouse 9 (—)  ★ 0.0"))
  }

  @Test func stopsAtTheLastPageWhenAskedForMorePages() async throws {
    let run = try await MoviesBinary.run(["--pages", "9"])

    #expect(run.status == 0)
    #expect(run.stdoutLines.count == 99)
    #expect(run.stdoutLines.last?.hasPrefix(" 99. ") == true)
    #expect(run.stderrLines == [Self.offlineNotice])
  }

  @Test func printsNoNoticeWhenSourceIsFixturesDespiteAToken() async throws {
    let run = try await MoviesBinary.run(
      ["--pages", "1", "--source", "fixtures"],
      environment: ["TMDB_API_KEY": "test-token.with.dots"])

    #expect(run.status == 0)
    #expect(run.stdoutLines.count == 20)
    #expect(run.stderr.isEmpty)
  }

  @Test(arguments: [
    ("0", "error: --pages expects an integer from 1 to 500, got '0'"),
    ("-3", "error: --pages expects an integer from 1 to 500, got '-3'"),
    ("501", "error: --pages expects an integer from 1 to 500, got '501'"),
    ("x", "error: --pages expects an integer from 1 to 500, got 'x'"),
    (
      "99999999999999999999",
      "error: --pages expects an integer from 1 to 500, got '99999999999999999999'"
    ),
  ])
  func exitsWithAUsageErrorWhenPagesIsOutOfRange(value: String, message: String) async throws {
    let run = try await MoviesBinary.run(["--pages", value])

    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    // One error line, then the usage line every usage error of the apps ends with.
    #expect(run.stderrLines == [message, "usage: movies [options]"])
  }

  @Test func exitsWithAUsageErrorWhenAPIBaseIsNotAURL() async throws {
    let run = try await MoviesBinary.run(["--pages", "1", "--api-base", "not a url"])

    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines.first?.hasPrefix("error: --api-base expects an http or https URL") == true)
  }

  @Test func printsHelpWhenHelpIsGiven() async throws {
    let run = try await MoviesBinary.run(["--help"])

    #expect(run.status == 0)
    #expect(run.stdout.contains("--pages <N>"))
    #expect(run.stdout.contains("--source <SOURCE>"))
    #expect(run.stderr.isEmpty)
    #expect(run.stdoutLines.allSatisfy { $0.count <= 80 }, "wider than 80 columns:\n\(run.stdout)")
  }

  @Test func printsTheVersionWhenVersionIsGiven() async throws {
    let run = try await MoviesBinary.run(["--version"])

    #expect(run.status == 0)
    #expect(run.stdoutLines == ["movies 1.0.0"])
  }

  @Test func failsNamingTheVariableWhenSourceIsLiveWithoutAToken() async throws {
    let run = try await MoviesBinary.run(["--pages", "1", "--source", "live"])

    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    try #require(run.stderrLines.count == 1, "expected one line, got:\n\(run.stderr)")
    // The same words as movie-search's (SearchCLITests).
    #expect(
      run.stderrLines[0]
        == "error: no TMDB credential: set TMDB_API_KEY to a v3 API key or a read access token")
  }

  /// The object a `--json` run prints: its keys are `movies` and `next_page_error`.
  static func jsonDocument(_ text: String) throws -> [String: Any] {
    let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let document = try #require(json as? [String: Any], "expected a JSON object:\n\(text)")
    #expect(Set(document.keys) == ["movies", "next_page_error"])
    return document
  }

  /// The movies of a `--json` run: its `movies` array of objects.
  static func jsonMovies(_ text: String) throws -> [[String: Any]] {
    let movies = try jsonDocument(text)["movies"]
    return try #require(movies as? [[String: Any]], "expected an array of objects:\n\(text)")
  }
}
