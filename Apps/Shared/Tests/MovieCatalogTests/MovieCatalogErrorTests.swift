import MovieCatalog
import Testing

struct MovieCatalogErrorTests {
  static let messages: [(MovieCatalogError, String)] = [
    (
      .unauthorized(statusCode: 7, message: "Invalid API key: You must be granted a valid key."),
      "TMDB rejected the API key (HTTP 401): Invalid API key: You must be granted a valid key."
    ),
    (.notFound, "TMDB has no such resource (HTTP 404)"),
    (.invalidPage(501), "there is no page 501 of results (TMDB serves pages 1 to 500)"),
    (
      .rateLimited(retryAfter: .seconds(1)),
      "TMDB is limiting requests (HTTP 429): try again in 1 second"
    ),
    (
      .rateLimited(retryAfter: .seconds(30)),
      "TMDB is limiting requests (HTTP 429): try again in 30 seconds"
    ),
    // A part of a second counts as a whole one: waiting less would be refused again.
    (
      .rateLimited(retryAfter: .milliseconds(1500)),
      "TMDB is limiting requests (HTTP 429): try again in 2 seconds"
    ),
    (
      .rateLimited(retryAfter: .milliseconds(200)),
      "TMDB is limiting requests (HTTP 429): try again in 1 second"
    ),
    (.rateLimited(retryAfter: nil), "TMDB is limiting requests (HTTP 429): try again shortly"),
    (
      .server(status: 503, code: 9, message: "Service offline."),
      "TMDB failed on its side (HTTP 503): Service offline."
    ),
    (
      .server(status: 502, code: nil, message: nil),
      "TMDB failed on its side (HTTP 502): try again later"
    ),
    (.http(status: 418, message: "I'm a teapot"), "TMDB answered HTTP 418: I'm a teapot"),
    (.http(status: 418, message: nil), "TMDB answered HTTP 418"),
    (.http(status: 0, message: "unimplemented"), "no HTTP request was made: unimplemented"),
    (
      .decoding("the response from /3/movie/popular was not a movie page: the body is empty"),
      "the response from /3/movie/popular was not a movie page: the body is empty"
    ),
    (
      .network("the request to api.themoviedb.org timed out (URLError -1001)"),
      "the request to api.themoviedb.org timed out (URLError -1001)"
    ),
    (.missingToken, "no TMDB credential: set TMDB_API_KEY to a v3 API key or a read access token"),
  ]

  @Test(arguments: messages)
  func userMessageIsOneClearLineWhenShown(_ error: MovieCatalogError, _ message: String) {
    #expect(error.userMessage == message)
    #expect(!error.userMessage.contains("\n"))
  }

  @Test func onlyServerRateLimitAndTimeoutAreRetryableWhenAsked() {
    let retryable: [MovieCatalogError] = [
      .server(status: 500, code: 11, message: nil), .server(status: 504, code: 24, message: nil),
      .rateLimited(retryAfter: nil), .network("the request to x.stub timed out (URLError -1001)"),
    ]
    let final: [MovieCatalogError] = [
      .unauthorized(statusCode: 7, message: ""), .notFound, .invalidPage(6),
      .http(status: 418, message: nil), .decoding("bad"), .missingToken,
      .network("could not connect to x.stub: connection refused (URLError -1004)"),
      .network("could not find the host x.stub: unknown host (URLError -1003)"),
    ]
    #expect(retryable.filter { !$0.isRetryable }.isEmpty)
    #expect(final.filter { $0.isRetryable }.isEmpty)
  }
}
