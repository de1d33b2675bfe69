/// Answers requests with the shared fixtures, in TMDB's and Open-Meteo's URL shapes: a pure
/// function from request to response.
///
/// | Request | Response |
/// |---------|----------|
/// | `GET /3/movie/popular?page=N` | `movies/popular-N.json` |
/// | `GET /3/search/movie?query=Q&page=N` | `movies/search/<name>.json`, or an empty page |
/// | `GET /3/genre/movie/list` | `movies/genres.json` |
/// | `GET /v1/forecast?latitude=..&longitude=..` | `weather/forecast-<lat>_<lon>.json` |
/// | anything else | 404, `movies/errors/404-not-found.json` |
///
/// The details, where the real APIs leave a choice:
/// - **Pages.** `page` defaults to 1. A page that is not an integer in 1...500 gets TMDB's
///   400 "invalid page" (`movies/errors/400-invalid-page.json`, code 22), as TMDB answers
///   it. So does a page in range that has no fixture (popular pages past 5): TMDB itself
///   would answer 200 there, but the fixture set has no such page, and 400/22 is what the
///   live client already maps to `MovieCatalogError.invalidPage`, the error the offline
///   catalog throws for the same page. The apps see one behaviour offline and over HTTP.
/// - **Search.** The fixture is named by `MovieCatalog.fixtureName(forQuery:)` and holds one
///   page; another page gets 400/22, as offline. A query without a fixture gets an empty
///   page 1 (`{"page":1,"results":[],"total_pages":0,"total_results":0}`) and 400/22 for
///   any later page. (The offline catalog searches the popular pages by title instead; the
///   server does not re-encode fixtures, it only serves them.)
/// - **Auth.** With a ``token``, every `/3/...` request needs `Authorization: Bearer <token>`
///   or `api_key=<token>` in the query, else 401 (`movies/errors/401-invalid-key.json`).
///   `/v1/...` never needs one (Open-Meteo has no key).
/// - **Forecasts.** The fixture is named by `WeatherService.fixturePath(for:)`; `daily`,
///   `timezone` and `forecast_days` are accepted and ignored (every fixture has the four
///   daily variables the app asks for). Missing or out-of-range coordinates, and
///   coordinates with no fixture, get Open-Meteo's 400 `{"error":true,"reason":"..."}`.
/// - **Methods.** `HEAD` is answered like `GET`; any other method gets 405 with `Allow`.
///
/// Every body is the fixture file's bytes, unchanged; every response is
/// `Content-Type: application/json`.
///
/// ```swift
/// let router = FixtureRouter(fixtures: .bundled, token: "secret")
/// let response = router.response(for: HTTPRequest(
///   target: "/3/movie/popular?page=1",
///   headers: HTTPHeaders([HTTPHeaderField(name: "Authorization", value: "Bearer secret")])))
/// response.status  // 200
/// ```
public struct FixtureRouter: Sendable {
  /// Where fixture files are read.
  public var fixtures: FixtureSource
  /// The credential TMDB routes require, or `nil` to let every request through.
  public var token: String?

  /// Creates a router.
  ///
  /// - Parameters:
  ///   - fixtures: Where fixture files are read; the bundled set by default.
  ///   - token: The credential TMDB routes require; none by default.
  public init(fixtures: FixtureSource = .bundled, token: String? = nil) {
    self.fixtures = fixtures
    self.token = token
  }

  /// The response to `request`, as the table above says.
  ///
  /// - Parameter request: A parsed request.
  /// - Returns: The response; never fails.
  public func response(for request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .json(
        status: 405,
        body: ErrorBody.tmdb(message: "\(request.method) is not allowed: use GET or HEAD."),
        extraHeaders: [HTTPHeaderField(name: "Allow", value: "GET, HEAD")])
    }
    switch APIFamily(path: request.path) {
    case .tmdb: return tmdbResponse(for: request)
    case .openMeteo: return openMeteoResponse(for: request)
    case .other: return notFound()
    }
  }

  /// The response for a failure injected on `request`: `status` with the body the real API
  /// would send.
  ///
  /// Under `/v1/` an Open-Meteo body (`{"error":true,"reason":"..."}`); elsewhere TMDB's:
  /// the fixture under `movies/errors/` for 400, 401, 404, 429, 500, 503 and 504, and a
  /// `{"status_message":"...","success":false}` body for other statuses. A 429 carries
  /// `Retry-After: 1`.
  ///
  /// - Parameters:
  ///   - status: The status to answer with, such as 500 or 429.
  ///   - request: The request that fails.
  /// - Returns: The response.
  public func failureResponse(status: Int, for request: HTTPRequest) -> HTTPResponse {
    let extraHeaders =
      status == 429 ? [HTTPHeaderField(name: "Retry-After", value: "1")] : []
    let message = "fixture-server injected HTTP \(status) (\(ReasonPhrase.for(status)))."
    switch APIFamily(path: request.path) {
    case .openMeteo:
      return .json(
        status: status, body: ErrorBody.openMeteo(reason: message), extraHeaders: extraHeaders)
    case .tmdb, .other:
      let body = ErrorBody.tmdbFixtures[status].flatMap(fixtures.data)
      return .json(
        status: status, body: body ?? ErrorBody.tmdb(message: message),
        extraHeaders: extraHeaders)
    }
  }

  /// The response to bytes that are not a request: the error's status and a TMDB-style body
  /// saying what is wrong.
  ///
  /// - Parameter error: Why the request was refused.
  /// - Returns: The response; the server closes the connection after it.
  public func response(for error: HTTPParseError) -> HTTPResponse {
    .json(
      status: error.status,
      body: ErrorBody.tmdb(message: "Bad request: \(error.reason)."))
  }

  /// TMDB's 404: the resource you requested could not be found.
  func notFound() -> HTTPResponse {
    fixtureError(status: 404, message: "The resource you requested could not be found.")
  }

  /// `status` with TMDB's error fixture for it, or a generated TMDB body with `message`.
  func fixtureError(status: Int, message: String) -> HTTPResponse {
    let body = ErrorBody.tmdbFixtures[status].flatMap(fixtures.data)
    return .json(status: status, body: body ?? ErrorBody.tmdb(message: message))
  }
}
