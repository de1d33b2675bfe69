/// Why a ``MovieCatalog`` could not deliver a page, with one line to show the user.
///
/// The live client maps every HTTP status and TMDB error body (`status_code`,
/// `status_message`) to one of these cases, and every transport failure except
/// cancellation. Cancellation is not among them: a cancelled request throws
/// `CancellationError`, because a superseded request is not something to tell the user.
///
/// ```swift
/// do {
///   page = try await catalog.popular(2)
/// } catch let error as MovieCatalogError {
///   print(error.userMessage)  // TMDB rejected the API key (HTTP 401): Invalid API key: ...
///   offerRetry = error.isRetryable
/// }
/// ```
public enum MovieCatalogError: Error, Hashable, Sendable, Codable {
  /// TMDB rejected the credentials (HTTP 401).
  ///
  /// - Parameters:
  ///   - statusCode: TMDB's own `status_code` (7 for an invalid key, 3 for a missing or
  ///     unauthorized one), when the body carried one.
  ///   - message: TMDB's `status_message`, or a description of the missing one.
  case unauthorized(statusCode: Int?, message: String)

  /// TMDB has no such resource (HTTP 404).
  case notFound

  /// The page is out of range: below 1, above 500 (TMDB's HTTP 400 with code 22), or past
  /// the last page a fixture source holds.
  ///
  /// - Parameter page: The page that was asked for.
  case invalidPage(Int)

  /// TMDB is rate limiting (HTTP 429) and the client's own capped retries did not get through.
  ///
  /// - Parameter retryAfter: How long TMDB asked callers to wait (`Retry-After`), if it said.
  case rateLimited(retryAfter: Duration?)

  /// TMDB failed on its side (HTTP 5xx).
  ///
  /// - Parameters:
  ///   - status: The HTTP status, 500 through 599.
  ///   - code: TMDB's `status_code` (11 internal, 9 offline, 24 timed out), when sent.
  ///   - message: TMDB's `status_message`, when sent.
  case server(status: Int, code: Int?, message: String?)

  /// Any other unsuccessful HTTP status.
  ///
  /// Status `0` means no HTTP exchange happened at all: ``MovieCatalog/unimplemented`` throws
  /// it, with a message naming the operation that was called.
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - message: TMDB's `status_message`, when sent.
  case http(status: Int, message: String?)

  /// A response arrived but its body was not what was asked for.
  ///
  /// - Parameter description: Which body failed and how, such as `the response from
  ///   /3/movie/popular was not a movie page: expected Int at results[0].id, found a string`.
  case decoding(String)

  /// The request never got an HTTP answer: no connection, unknown host, timeout and the like.
  ///
  /// - Parameter description: What happened, in words, naming the host and the `URLError`
  ///   code, such as `could not connect to api.themoviedb.org: connection refused
  ///   (URLError -1004)`.
  case network(String)

  /// No TMDB credential was configured: the token given to the live client was empty.
  case missingToken

  /// One line for the user: what failed and, where it helps, what to do.
  public var userMessage: String {
    switch self {
    case .unauthorized(_, let message):
      "TMDB rejected the API key (HTTP 401): \(message)"
    case .notFound:
      "TMDB has no such resource (HTTP 404)"
    case .invalidPage(let page):
      "there is no page \(page) of results (TMDB serves pages 1 to \(MoviePage.maximumPage))"
    case .rateLimited(let retryAfter?):
      "TMDB is limiting requests (HTTP 429): try again in \(Self.seconds(retryAfter))"
    case .rateLimited(nil):
      "TMDB is limiting requests (HTTP 429): try again shortly"
    case .server(let status, _, let message?):
      "TMDB failed on its side (HTTP \(status)): \(message)"
    case .server(let status, _, nil):
      "TMDB failed on its side (HTTP \(status)): try again later"
    case .http(0, let message):
      "no HTTP request was made: \(message ?? "no reason given")"
    case .http(let status, let message?):
      "TMDB answered HTTP \(status): \(message)"
    case .http(let status, nil):
      "TMDB answered HTTP \(status)"
    case .decoding(let description):
      description
    case .network(let description):
      description
    case .missingToken:
      "no TMDB credential: set TMDB_API_KEY to a v3 API key or a read access token"
    }
  }

  /// Whether trying the same request again later may succeed.
  ///
  /// True for TMDB's server failures (5xx), rate limiting (429) and a network timeout (a
  /// ``network(_:)`` error whose description says the request timed out); false for
  /// everything a retry cannot fix: credentials, a bad page, a body that does not decode, an
  /// unknown host.
  public var isRetryable: Bool {
    switch self {
    case .server, .rateLimited:
      true
    case .network(let description):
      description.contains(Self.timedOutPhrase)
    case .unauthorized, .notFound, .invalidPage, .http, .decoding, .missingToken:
      false
    }
  }

  /// The words every timeout's description contains; ``isRetryable`` looks for them.
  static let timedOutPhrase = "timed out"

  /// A duration as whole seconds for a message: "1 second", "30 seconds".
  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let whole = seconds + (attoseconds > 0 ? 1 : 0)
    return whole == 1 ? "1 second" : "\(whole) seconds"
  }
}
