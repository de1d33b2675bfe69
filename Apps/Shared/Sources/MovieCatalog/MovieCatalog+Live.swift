import Foundation
import HTTPRetry
import HTTPTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension MovieCatalog {
  /// TMDB's API host, `https://api.themoviedb.org`: the live catalog's default base URL.
  public static let tmdbBaseURL: URL = {
    guard let url = URL(string: "https://api.themoviedb.org") else {
      preconditionFailure("\"https://api.themoviedb.org\" is not a URL")
    }
    return url
  }()

  /// A catalog that asks TMDB's v3 API over HTTP (libcurl unless another transport is given).
  ///
  /// - `popular`: `GET {base}/3/movie/popular?language=en-US&page=N`
  /// - `search`: `GET {base}/3/search/movie?query=…&include_adult=false&language=en-US&page=N`
  ///
  /// The credential is sent according to its shape: a 32-character hexadecimal v3 API key as
  /// the `api_key` query item; anything else (a read access token, which contains dots) as
  /// `Authorization: Bearer`. Surrounding whitespace is trimmed; an empty token makes every
  /// call throw ``MovieCatalogError/missingToken`` without a request. Every request sends
  /// `accept: application/json`. The query is percent-encoded in full, `+` included (as
  /// `%2B`; a bare `+` would reach TMDB as a space).
  ///
  /// Unsuccessful statuses become ``MovieCatalogError`` cases with TMDB's message; a body
  /// that does not decode becomes ``MovieCatalogError/decoding(_:)`` naming the endpoint;
  /// transport failures become ``MovieCatalogError/network(_:)`` in words. A page outside
  /// 1...500 throws ``MovieCatalogError/invalidPage(_:)`` without a request, as TMDB would
  /// reject it. A rate-limited request (429) or a server error (500, 502, 503, 504) is
  /// retried as `HTTPRetry.RetryPolicy` says, the same in every app: at most 3 times, after
  /// the `Retry-After` seconds TMDB asks for, else after a capped, jittered backoff (from
  /// 125-250 ms up to 1-2 s), sleeping on `clock`; when TMDB asks for more than 5 seconds,
  /// or the retries are used up, it throws ``MovieCatalogError/rateLimited(retryAfter:)`` or
  /// ``MovieCatalogError/server(status:code:message:)``. A request that gets no answer within
  /// the transport's timeout is retried the same way, then throws
  /// ``MovieCatalogError/network(_:)`` saying it timed out. A cancelled task, or the
  /// transport's `URLError(.cancelled)`, throws `CancellationError`.
  ///
  /// ```swift
  /// let token = ProcessInfo.processInfo.environment["TMDB_API_KEY"] ?? ""
  /// let catalog = MovieCatalog.live(token: token)
  /// let page = try await catalog.popular(1)
  /// ```
  ///
  /// - Parameters:
  ///   - token: A TMDB read access token or v3 API key.
  ///   - baseURL: Where the API lives; another host (such as `fixture-server` on loopback)
  ///     serves the same paths. A path in it is kept as a prefix.
  ///   - language: The `language` query item; `en-US` unless given.
  ///   - transport: What every request goes through; libcurl with the apps' 30 s timeout
  ///     unless given.
  ///   - clock: The clock retries sleep on; a `ContinuousClock` unless given.
  ///   - retries: When a request is asked again and after how long; the apps' policy unless
  ///     given (a test fixes its jitter, so the backoff is the same on every run).
  /// - Returns: A catalog whose calls go to TMDB.
  public static func live(
    token: String,
    baseURL: URL = tmdbBaseURL,
    language: String = "en-US",
    transport: HTTPTransport = .curl(),
    clock: any Clock<Duration> = ContinuousClock(),
    retries: RetryPolicy = RetryPolicy()
  ) -> MovieCatalog {
    let client = TMDBClient(
      baseURL: baseURL, credential: TMDBCredential(token: token), language: language,
      transport: transport, clock: clock, retryPolicy: retries)
    return MovieCatalog(
      popular: { page in try await client.popular(page: page) },
      search: { query, page in try await client.search(query: query, page: page) }
    )
  }
}

extension MovieCatalog {
  /// ``live(token:baseURL:language:transport:clock:)`` over `session`: for tests whose
  /// session's configuration has a stub in `protocolClasses`.
  ///
  /// - Parameters:
  ///   - token: A TMDB read access token or v3 API key.
  ///   - baseURL: Where the API lives.
  ///   - language: The `language` query item; `en-US` unless given.
  ///   - session: The session every request goes through; keep one for the client's
  ///     lifetime (sessions made per request crash on Linux).
  ///   - clock: The clock retries sleep on; a `ContinuousClock` unless given.
  /// - Returns: A catalog whose calls go through `session`.
  public static func live(
    token: String,
    baseURL: URL = tmdbBaseURL,
    language: String = "en-US",
    session: URLSession,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> MovieCatalog {
    live(
      token: token, baseURL: baseURL, language: language, transport: .urlSession(session),
      clock: clock)
  }
}
