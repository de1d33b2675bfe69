import Foundation
import TestSupport
import Testing

/// `movie-search` end to end: the built binary, its output and its exit status.
@Suite(.scaledTimeLimit(minutes: 1))
struct SearchCLITests {
  static let notice =
    "movie-search: offline fixtures; set TMDB_API_KEY or pass --source live for TMDB\n"

  /// A live source no one answers: a refused connection, at once.
  static let unreachable = ["--source", "live", "--api-base", "http://127.0.0.1:9"]

  @Test func resultsArePrintedOnePerLineWhenAQueryIsGiven() async throws {
    let run = try await MovieSearchProcess.run(["star wars"])

    #expect(run.status == 0)
    #expect(
      run.lines == [
        "Star Wars on Maple Street (1988)  ★ 4.9",
        "The Star Wars of Ludlow County (1997)  ★ 8.1",
        "Backyard Star Wars (1994)  ★ 6.5",
        "Star Wars: A Fan Odyssey (—)  ★ 0.0",
      ])
    #expect(run.stderr == Self.notice)
  }

  @Test func jsonParsesBackWhenAskedFor() async throws {
    let run = try await MovieSearchProcess.run(["  Amélie + CO ", "--json"])

    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    let answer = try #require(object as? [String: Any])
    #expect(answer["query"] as? String == "  Amélie + CO ")
    #expect(answer["status"] as? String == "results")
    #expect(answer["offline"] as? Bool == false)
    #expect(answer["total_results"] as? Int == 2)
    let results = try #require(answer["results"] as? [[String: Any]])
    #expect(
      results.map { $0["title"] as? String } == ["Amélie + Co.", "Amélie + Co.: Sur la route"])
    #expect(results.first?["year"] as? Int == 1990)
  }

  @Test func tooShortAQueryPrintsTheHintAndAsksForNothing() async throws {
    // Pointed at a live source that cannot answer: any request would print offline results.
    let run = try await MovieSearchProcess.run(
      ["a"] + Self.unreachable, environment: ["TMDB_API_KEY": "test-token"])

    #expect(run.status == 0)
    #expect(run.stdout == "type at least 2 characters\n")
    #expect(run.stderr == "")
  }

  @Test func pipedQueriesPrintOneBlockPerLine() async throws {
    let run = try await MovieSearchProcess.run([], input: "swift\n\na\nxyzzy\nLove + Static\n")

    #expect(run.status == 0)
    #expect(
      run.lines == [
        "# swift",
        "Swift (2006)  ★ 6.0",
        "The Swift Return (1975)  ★ 8.1",
        "Swiftwater (2021)  ★ 6.8",
        "Swift Current (2013)  ★ 6.2",
        "Swiftly Tilting Night (—)  ★ 7.0",
        "# a",
        "type at least 2 characters",
        "# xyzzy",
        "no results",
        "# Love + Static",
        "Love + Static (1981)  ★ 6.1",
      ])
  }

  @Test func pipedQueriesPrintOneJSONArrayWhenAskedFor() async throws {
    let run = try await MovieSearchProcess.run(["--json"], input: "star wars\nlantern\n")

    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    let answers = try #require(object as? [[String: Any]])
    #expect(answers.map { $0["query"] as? String } == ["star wars", "lantern"])
    #expect(answers.map { ($0["results"] as? [Any])?.count } == [4, 4])
  }

  @Test func everyAnswerHasEveryJSONKeyWhateverItHolds() async throws {
    // Results, a short query, no results, a movie of unknown year, and the offline
    // fallback: one kind of record each, with the same keys.
    let queries = "star\na\nxyzzy\nswiftly\nlove + static\n"
    let fixtures = try await MovieSearchProcess.run(["--json", "--limit", "25"], input: queries)
    let offline = try await MovieSearchProcess.run(
      ["--json"] + Self.unreachable, input: queries, environment: ["TMDB_API_KEY": "test-token"])

    #expect(fixtures.status == 0)
    #expect(offline.status == 3)
    #expect(
      try JSONKeyRule.violations(inDocuments: [fixtures.stdout, offline.stdout]) == [])
  }

  @Test func limitCapsTheResultsAndLoadsMorePagesWhenNeeded() async throws {
    let three = try await MovieSearchProcess.run(["star", "--limit", "3"])
    let many = try await MovieSearchProcess.run(["star", "--limit", "25"])
    let all = try await MovieSearchProcess.run(["star", "--limit", "100"])

    #expect(three.lines.count == 3)
    #expect(three.lines.first == "Starfall Academy (2021)  ★ 6.7")
    #expect(many.lines.count == 25)
    #expect(all.lines.count == 31)
    #expect(all.lines.last == "Little Star (2023)  ★ 8.3")
  }

  @Test func offlineResultsAreMarkedWhenTMDBCannotBeReached() async throws {
    let run = try await MovieSearchProcess.run(
      ["star"] + Self.unreachable, environment: ["TMDB_API_KEY": "test-token"])

    // 3: printed, but not from the source asked for.
    #expect(run.status == 3)
    #expect(
      run.lines == [
        "Starfall Academy (2021)  ★ 6.7  (offline)",
        "The Weight of Stars (2001)  ★ 7.2  (offline)",
      ])
    #expect(run.stderr.hasPrefix("movie-search: offline (could not connect to 127.0.0.1"))
  }

  @Test func aLiveSearchWithoutACredentialFailsWithOneLine() async throws {
    let run = try await MovieSearchProcess.run(["star", "--source", "live"])

    #expect(run.status == 1)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "error: no TMDB credential: set TMDB_API_KEY to a v3 API key or a read access token\n")
  }

  @Test(arguments: [
    ["--limit", "0", "star"], ["--limit", "many", "star"],
    ["--limit", "99999999999999999999", "star"],
    ["--source", "cloud", "star"],
    ["--api-base", "not a url", "star"], ["star", "wars"], ["--jsn", "star"],
  ])
  func usageErrorsExitTwo(_ arguments: [String]) async throws {
    let run = try await MovieSearchProcess.run(arguments)

    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("error: "))
    #expect(run.stderr.contains("usage: movie-search [options] [<query>]"))
  }

  @Test func helpAndVersionAreShownWhenAskedFor() async throws {
    let help = try await MovieSearchProcess.run(["--help"])
    let version = try await MovieSearchProcess.run(["--version"])

    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: movie-search [options] [<query>]"))
    #expect(help.lines.allSatisfy { $0.count <= 80 }, "wider than 80 columns:\n\(help.stdout)")
    #expect(version.stdout == "movie-search 1.0.0\n")
  }
}
