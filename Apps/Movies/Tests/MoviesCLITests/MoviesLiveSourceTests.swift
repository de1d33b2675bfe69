import Foundation
import TestSupport
import Testing

/// `movies` run end to end against a loopback HTTP server standing in for TMDB.
@Suite(.scaledTimeLimit(minutes: 1))
struct MoviesLiveSourceTests {
  static let token = "test-token.with.dots"

  /// One page of one movie, the whole list.
  static let onePage = CannedResponse(
    status: "200 OK",
    body: """
      {"page":1,"total_pages":2,"total_results":21,"results":[{"adult":false,\
      "backdrop_path":null,"genre_ids":[18],"id":42,"original_language":"en",\
      "original_title":"Loopback","overview":"","popularity":1.5,"poster_path":null,\
      "release_date":"2001-02-03","title":"Loopback","video":false,"vote_average":6.25,\
      "vote_count":8}]}
      """)

  static let internalError = CannedResponse(
    status: "500 Internal Server Error",
    body: """
      {"status_code":11,"status_message":"Internal error: Something went wrong, contact TMDB.",\
      "success":false}
      """)

  static let invalidKey = CannedResponse(
    status: "401 Unauthorized",
    body: """
      {"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.",\
      "success":false}
      """)

  @Test func failsNamingTheStatusWhenTMDBAnswers500() async throws {
    let server = try LoopbackHTTPServer([Self.internalError])
    defer { server.stop() }

    let run = try await MoviesBinary.run(
      ["--pages", "1", "--source", "live", "--api-base", server.baseURL],
      environment: ["TMDB_API_KEY": Self.token])

    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines == [
        "error: failed to load page 1: TMDB failed on its side (HTTP 500): "
          + "Internal error: Something went wrong, contact TMDB."
      ])
    let head = try #require(server.requestHeads.first)
    #expect(head.hasPrefix("GET /3/movie/popular?"))
    #expect(head.lowercased().contains("authorization: bearer \(Self.token)"))
  }

  @Test(arguments: [false, true])
  func failsNamingTheKeyWhenTMDBAnswers401(json: Bool) async throws {
    let server = try LoopbackHTTPServer([Self.invalidKey])
    defer { server.stop() }

    let run = try await MoviesBinary.run(
      ["--pages", "1", "--api-base", server.baseURL] + (json ? ["--json"] : []),
      environment: ["TMDB_API_KEY": Self.token])

    #expect(run.status == 1)
    // A failure prints nothing of the answer: no empty JSON array either.
    #expect(run.stdout.isEmpty)
    try #require(run.stderrLines.count == 1, "expected one line, got:\n\(run.stderr)")
    #expect(run.stderrLines[0].contains("API key"))
    #expect(run.stderrLines[0].contains("HTTP 401"))
  }

  @Test func aServerErrorIsRetriedAndThePageStillLoads() async throws {
    let server = try LoopbackHTTPServer([Self.internalError, Self.onePage])
    defer { server.stop() }

    let run = try await MoviesBinary.run(
      ["--pages", "1", "--api-base", server.baseURL], environment: ["TMDB_API_KEY": Self.token])

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdoutLines == ["  1. Loopback (2001)  ★ 6.3"])
    #expect(server.requestHeads.count == 2)
  }

  @Test func printsTheLoadedMoviesAndExitsPartialWhenALaterPageFails() async throws {
    // Page 2 fails on the first try and on each of the three retries.
    let server = try LoopbackHTTPServer([Self.onePage, Self.internalError], maxConnections: 5)
    defer { server.stop() }

    let run = try await MoviesBinary.run(
      ["--pages", "2", "--api-base", server.baseURL], environment: ["TMDB_API_KEY": Self.token])

    // 3: an answer was printed, but part of it (page 2) is missing.
    #expect(run.status == 3)
    #expect(run.stdoutLines == ["  1. Loopback (2001)  ★ 6.3"])
    #expect(run.stderrLines.count == 1)
    #expect(
      run.stderrLines.first?.hasPrefix("movies: stopped after page 1: failed to load page 2: ")
        == true)
    #expect(run.stderrLines.first?.contains("HTTP 500") == true)
    #expect(server.requestHeads.count == 5)
  }

  @Test func theJSONMarksTheFailedPageWhenALaterPageFails() async throws {
    let server = try LoopbackHTTPServer([Self.onePage, Self.internalError], maxConnections: 5)
    defer { server.stop() }

    let run = try await MoviesBinary.run(
      ["--pages", "2", "--json", "--api-base", server.baseURL],
      environment: ["TMDB_API_KEY": Self.token])

    // The same partial answer as in text: exit 3, the movies loaded, the gap on stderr, and
    // in the JSON where it is.
    #expect(run.status == 3)
    let document = try MoviesCLITests.jsonDocument(run.stdout)
    let movies = try MoviesCLITests.jsonMovies(run.stdout)
    #expect(movies.map { $0["title"] as? String } == ["Loopback"])
    let error = try #require(document["next_page_error"] as? String, "\(run.stdout)")
    #expect(error.hasPrefix("failed to load page 2: TMDB failed on its side (HTTP 500)"))
    #expect(run.stderrLines == ["movies: stopped after page 1: \(error)"])
  }
}
