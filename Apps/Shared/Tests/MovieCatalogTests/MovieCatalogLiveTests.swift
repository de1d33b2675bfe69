import Fixtures
import Foundation
import MovieCatalog
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live client through its production path, over a stubbed network.
///
/// A real URLSession whose configuration routes every request to ``StubURLProtocol``; each
/// test has its own ``StubServer`` host, so tests run in parallel without colliding.
struct MovieCatalogLiveTests {
  static let readAccessToken = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl"
  static let apiKey = "0123456789abcdef0123456789abcdef"

  // MARK: Requests

  @Test func tokenGoesInABearerHeaderWhenItHasDots() async throws {
    let server = StubServer(try .fixture("movies/popular-2.json"))
    _ = try await server.catalog(token: Self.readAccessToken).popular(2)
    let request = try #require(server.requests.first)
    #expect(request.httpMethod == "GET")
    #expect(
      request.url?.absoluteString == "https://\(server.host)/3/movie/popular?language=en-US&page=2")
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer \(Self.readAccessToken)")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
  }

  @Test func keyGoesInTheQueryWhenItIs32HexCharacters() async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    _ = try await server.catalog(token: "\(Self.apiKey)\n").popular(1)
    let request = try #require(server.requests.first)
    #expect(
      request.url?.absoluteString
        == "https://\(server.host)/3/movie/popular?language=en-US&page=1&api_key=\(Self.apiKey)")
    #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
  }

  @Test func plusAndUnicodeArePercentEncodedWhenSearching() async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    _ = try await server.catalog().search("C++ & Café 東京", 3)
    let url = try #require(server.requests.first?.url)
    #expect(url.path == "/3/search/movie")
    #expect(
      url.query
        == "query=C%2B%2B%20%26%20Caf%C3%A9%20%E6%9D%B1%E4%BA%AC&include_adult=false"
        + "&language=en-US&page=3")
  }

  @Test func unreservedCharactersAreSentAsTheyAreWhenSearching() async throws {
    // RFC 3986's unreserved set: letters, digits, `-`, `.`, `_` and `~`; the space is not.
    let server = StubServer(try .fixture("movies/popular-1.json"))
    _ = try await server.catalog().search("R2-D2 v1.0_~", 1)
    let url = try #require(server.requests.first?.url)
    #expect(url.query?.hasPrefix("query=R2-D2%20v1.0_~&") == true)
  }

  @Test func basePathAndLanguageAreKeptWhenGiven() async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    _ = try await server.catalog(path: "/tmdb/", language: "fr-FR").popular(1)
    let url = try #require(server.requests.first?.url)
    #expect(
      url.absoluteString == "https://\(server.host)/tmdb/3/movie/popular?language=fr-FR&page=1")
  }

  @Test func missingTokenIsThrownWithoutARequestWhenTheTokenIsEmpty() async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    let catalog = try server.catalog(token: "  ")
    await #expect(throws: MovieCatalogError.missingToken) { try await catalog.popular(1) }
    await #expect(throws: MovieCatalogError.missingToken) { try await catalog.search("a", 1) }
    #expect(server.requests.isEmpty)
  }

  @Test(arguments: [0, -1, 501])
  func invalidPageIsThrownWithoutARequestWhenThePageIsOutOfRange(_ page: Int) async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    await #expect(throws: MovieCatalogError.invalidPage(page)) {
      try await server.catalog().popular(page)
    }
    #expect(server.requests.isEmpty)
  }

  @Test(arguments: [1, MoviePage.maximumPage])
  func theFirstAndTheLastPageTMDBServesAreAsked(_ page: Int) async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    _ = try? await server.catalog().search("star", page)
    let url = try #require(server.requests.first?.url)
    #expect(url.query?.hasSuffix("&page=\(page)") == true)
  }

  // MARK: Responses

  @Test func pageIsDecodedWhenTMDBAnswers200() async throws {
    let server = StubServer(try .fixture("movies/popular-4.json"))
    let page = try await server.catalog().popular(4)
    #expect(page == (try Fixtures.decode(MoviePage.self, from: "movies/popular-4.json")))
  }

  struct StatusCase: Sendable, CustomTestStringConvertible {
    var status: Int
    var body: String
    var expected: MovieCatalogError
    var testDescription: String { "HTTP \(status) \(body)" }
  }

  static let statusCases: [StatusCase] = [
    StatusCase(
      status: 401, body: "movies/errors/401-invalid-key.json",
      expected: .unauthorized(
        statusCode: 7, message: "Invalid API key: You must be granted a valid key.")),
    StatusCase(status: 404, body: "movies/errors/404-not-found.json", expected: .notFound),
    StatusCase(status: 400, body: "movies/errors/400-invalid-page.json", expected: .invalidPage(3)),
    StatusCase(
      status: 429, body: "movies/errors/429-rate-limit.json",
      expected: .rateLimited(retryAfter: nil)),
    StatusCase(
      status: 500, body: "movies/errors/500-internal.json",
      expected: .server(
        status: 500, code: 11, message: "Internal error: Something went wrong, contact TMDB.")),
    StatusCase(
      status: 503, body: "movies/errors/503-unavailable.json",
      expected: .server(
        status: 503, code: 9,
        message: "Service offline: This service is temporarily offline, try again later.")),
    StatusCase(
      status: 504, body: "movies/errors/504-timeout.json",
      expected: .server(
        status: 504, code: 24,
        message: "Your request to the backend server timed out. Try again.")),
    // A proxy's HTML page instead of TMDB's JSON: the status alone decides.
    StatusCase(
      status: 502, body: "broken/not-json.html",
      expected: .server(status: 502, code: nil, message: nil)),
    StatusCase(status: 418, body: "broken/empty.json", expected: .http(status: 418, message: nil)),
    StatusCase(
      status: 400, body: "movies/errors/404-not-found.json",
      expected: .http(status: 400, message: "The resource you requested could not be found.")),
  ]

  @Test(arguments: statusCases)
  func statusAndTMDBMessageAreMappedWhenTMDBAnswersWithAnError(_ test: StatusCase) async throws {
    let server = StubServer(try .fixture(test.body, status: test.status))
    await #expect(throws: test.expected) {
      try await server.catalog().popular(3)
    }
  }

  @Test(arguments: Fixtures.paths(in: "broken"))
  func decodingErrorNamesTheEndpointWhenTheBodyIsBroken(_ path: String) async throws {
    let server = StubServer(try .fixture(path))
    let error = await #expect(throws: MovieCatalogError.self) {
      try await server.catalog().popular(1)
    }
    guard case .decoding(let description)? = error else {
      Issue.record("expected .decoding for \(path), got \(String(describing: error))")
      return
    }
    #expect(description.hasPrefix("the response from /3/movie/popular was not a movie page: "))
  }

  @Test func decodingErrorSaysWhatIsWrongWhenTheBodyIsBroken() async throws {
    let expected = [
      "broken/empty.json": "the body is empty",
      "broken/movies-missing-results.json": "missing \"results\" at the top level",
      "broken/movies-wrong-types.json": "expected Int at page",
      "broken/not-json.html":
        "the body is not valid JSON (it begins \"<!DOCTYPE html> <html> <head><title>502 ...\")",
      "broken/truncated.json":
        "the body is not valid JSON (it begins \"{\"page\": 1, \"results\": [\")",
    ]
    #expect(Fixtures.paths(in: "broken").count >= expected.count)
    for (path, reason) in expected {
      let server = StubServer(try .fixture(path))
      await #expect(
        throws: MovieCatalogError.decoding(
          "the response from /3/search/movie was not a movie page: \(reason)")
      ) {
        try await server.catalog().search("x", 1)
      }
    }
  }

  @Test func searchSaysSoWhenItsBodyIsNotAMoviePage() async throws {
    let server = StubServer(try .fixture("movies/genres.json"))
    await #expect(
      throws: MovieCatalogError.decoding(
        "the response from /3/search/movie was not a movie page: missing \"page\" at the top level"
      )
    ) {
      try await server.catalog().search("x", 1)
    }
  }

  // MARK: Network

  @Test func networkErrorNamesTheFailureInWordsWhenThereIsNoHTTPAnswer() async throws {
    let cases: [(URLError.Code, String, Bool)] = [
      (
        .cannotConnectToHost, "could not connect to HOST: connection refused (URLError -1004)",
        false
      ),
      (.cannotFindHost, "could not find the host HOST: unknown host (URLError -1003)", false),
      (.timedOut, "the request to HOST timed out (URLError -1001)", true),
    ]
    for (code, words, isRetryable) in cases {
      let server = StubServer(.failure(URLError(code)))
      let expected = MovieCatalogError.network(
        words.replacingOccurrences(of: "HOST", with: server.host))
      await #expect(throws: expected) { try await server.catalog().popular(1) }
      #expect(expected.isRetryable == isRetryable)
    }
  }

  // MARK: Rate limiting

  @Test func requestIsRetriedAfterRetryAfterWhenRateLimitedOnce() async throws {
    let server = StubServer(
      try .fixture("movies/errors/429-rate-limit.json", status: 429, headers: ["Retry-After": "1"]),
      try .fixture("movies/popular-1.json"))
    let clock = RecordingClock()
    let page = try await server.catalog(clock: clock).popular(1)
    #expect(page.page == 1)
    #expect(clock.sleeps == [.seconds(1)])
    #expect(server.requests.count == 2)
  }

  @Test func retriesStopAfterThreeWhenTMDBKeepsRateLimiting() async throws {
    let server = StubServer(
      try .fixture("movies/errors/429-rate-limit.json", status: 429, headers: ["Retry-After": "2"]))
    let clock = RecordingClock()
    await #expect(throws: MovieCatalogError.rateLimited(retryAfter: .seconds(2))) {
      try await server.catalog(clock: clock).popular(1)
    }
    #expect(clock.sleeps == [.seconds(2), .seconds(2), .seconds(2)])
    #expect(server.requests.count == 4)
  }

  @Test func aServerErrorIsRetriedAfterAJitteredBackoffAndTheNextAnswerIsUsed() async throws {
    let server = StubServer(
      try .fixture("movies/errors/500-internal.json", status: 500),
      try .fixture("movies/errors/503-unavailable.json", status: 503),
      try .fixture("movies/popular-1.json"))
    let clock = RecordingClock()
    let page = try await server.catalog(clock: clock).popular(1)

    #expect(page.page == 1)
    #expect(server.requests.count == 3)
    // 125-250 ms before the first retry, 250-500 ms before the second.
    #expect(clock.sleeps.count == 2)
    #expect(
      clock.sleeps.first.map { (.milliseconds(125)...(.milliseconds(250))).contains($0) } == true)
    #expect(
      clock.sleeps.last.map { (.milliseconds(250)...(.milliseconds(500))).contains($0) } == true)
  }

  @Test func aServerErrorThatLastsIsThrownAfterThreeRetries() async throws {
    let server = StubServer(try .fixture("movies/errors/500-internal.json", status: 500))
    let clock = RecordingClock()
    await #expect(throws: MovieCatalogError.self) {
      try await server.catalog(clock: clock).popular(1)
    }
    #expect(server.requests.count == 4)
    #expect(clock.sleeps.count == 3)
  }

  @Test func aRequestThatTimesOutIsRetriedLikeA503AndTheNextAnswerIsUsed() async throws {
    let server = StubServer(.failure(URLError(.timedOut)), try .fixture("movies/popular-1.json"))
    let clock = RecordingClock()
    let page = try await server.catalog(clock: clock).popular(1)
    #expect(page.page == 1)
    #expect(server.requests.count == 2)
    #expect(clock.sleeps.count == 1)
  }

  @Test func aTimeoutThatLastsIsThrownAfterThreeRetries() async throws {
    let server = StubServer(.failure(URLError(.timedOut)))
    let clock = RecordingClock()
    await #expect(
      throws: MovieCatalogError.network(
        "the request to \(server.host) timed out (URLError -1001)")
    ) {
      try await server.catalog(clock: clock).popular(1)
    }
    #expect(server.requests.count == 4)
    #expect(clock.sleeps.count == 3)
  }

  @Test func anErrorARetryCannotCureIsThrownAtOnce() async throws {
    let server = StubServer(try .fixture("movies/errors/401-invalid-key.json", status: 401))
    let clock = RecordingClock()
    await #expect(throws: MovieCatalogError.self) {
      try await server.catalog(clock: clock).popular(1)
    }
    #expect(server.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func rateLimitIsThrownAtOnceWhenRetryAfterIsLongerThan5Seconds() async throws {
    let server = StubServer(
      try .fixture("movies/errors/429-rate-limit.json", status: 429, headers: ["Retry-After": "30"])
    )
    let clock = RecordingClock()
    await #expect(throws: MovieCatalogError.rateLimited(retryAfter: .seconds(30))) {
      try await server.catalog(clock: clock).popular(1)
    }
    #expect(clock.sleeps.isEmpty)
    #expect(server.requests.count == 1)
  }

  // MARK: Cancellation

  @Test func cancellationErrorIsThrownWhenURLSessionCancelsTheRequest() async throws {
    let server = StubServer(.failure(URLError(.cancelled)))
    await #expect(throws: CancellationError.self) { try await server.catalog().popular(1) }
  }

  @Test func cancellationErrorIsThrownWithoutARequestWhenTheTaskIsCancelled() async throws {
    let server = StubServer(try .fixture("movies/popular-1.json"))
    let catalog = try server.catalog()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await catalog.popular(1)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(server.requests.isEmpty)
  }

  @Test func cancellationErrorIsThrownWhenCancelledDuringARateLimitWait() async throws {
    let server = StubServer(
      try .fixture("movies/errors/429-rate-limit.json", status: 429, headers: ["Retry-After": "1"]),
      try .fixture("movies/popular-1.json"))
    let catalog = try server.catalog(clock: RecordingClock(cancelsWhileSleeping: true))
    await #expect(throws: CancellationError.self) {
      try await Task { try await catalog.popular(1) }.value
    }
    #expect(server.requests.count == 1)
  }
}
