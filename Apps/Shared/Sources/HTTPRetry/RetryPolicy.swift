import Foundation

/// When a live client asks again after a server error or a rate limit, and how long it
/// waits first: the one policy every app's HTTP client follows.
///
/// - Retried: HTTP 429 and the 5xx statuses a retry can cure (500, 502, 503, 504), and a
///   request that got no answer before its timeout (the clients treat it as a 503), at most
///   ``maximumRetries`` times after the first attempt.
/// - Honoured: a `Retry-After` in seconds is waited out exactly (never sooner: that would
///   only earn another 429), when it is at most ``longestRetryAfter``; a longer one ends the
///   retries, so the app can say how long to wait.
/// - Otherwise, capped exponential backoff with jitter: before retry *n*, between half and
///   all of `min(maximumDelay, baseDelay × 2^(n-1))`, so clients that failed together do
///   not retry together.
///
/// Waits are slept on the clock the client is given, so tests advance a test clock.
///
/// ```swift
/// func send(_ request: URLRequest) async throws -> Response {
///   var retries = 0
///   while true {
///     let response = try await attempt(request)
///     guard RetryPolicy.retries(status: response.status) else { return response }
///     retries += 1
///     guard let wait = policy.delay(beforeRetry: retries, retryAfter: response.retryAfter)
///     else { throw failure(response) }
///     try await clock.sleep(for: wait)
///   }
/// }
/// ```
public struct RetryPolicy: Sendable {
  /// How many times a request is retried after the first attempt.
  public var maximumRetries: Int
  /// The backoff before the first retry, before jitter.
  public var baseDelay: Duration
  /// The longest backoff, before jitter.
  public var maximumDelay: Duration
  /// The longest `Retry-After` honoured; a server asking for more ends the retries.
  public var longestRetryAfter: Duration
  /// A number in `0..<1` for each wait's jitter; `Double.random(in:)` by default.
  public var random: @Sendable () -> Double

  /// Creates a policy; the defaults are the apps' policy.
  ///
  /// - Parameters:
  ///   - maximumRetries: Retries after the first attempt; 3.
  ///   - baseDelay: The first backoff; 250 ms.
  ///   - maximumDelay: The longest backoff; 2 s.
  ///   - longestRetryAfter: The longest `Retry-After` honoured; 5 s.
  ///   - random: The jitter's source of numbers in `0..<1`.
  public init(
    maximumRetries: Int = 3, baseDelay: Duration = .milliseconds(250),
    maximumDelay: Duration = .seconds(2), longestRetryAfter: Duration = .seconds(5),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.maximumRetries = maximumRetries
    self.baseDelay = baseDelay
    self.maximumDelay = maximumDelay
    self.longestRetryAfter = longestRetryAfter
    self.random = random
  }

  /// Whether an answer with HTTP `status` is worth asking again for.
  ///
  /// - Parameter status: The response's status code.
  /// - Returns: `true` for 429, 500, 502, 503 and 504.
  public static func retries(status: Int) -> Bool {
    [429, 500, 502, 503, 504].contains(status)
  }

  /// How long to wait before retry number `retry`, or `nil` to stop retrying.
  ///
  /// - Parameters:
  ///   - retry: Which retry this would be: 1 for the first.
  ///   - retryAfter: The wait the server asked for, if it asked.
  /// - Returns: The wait; `nil` when the retries are used up or the server asked for more
  ///   than ``longestRetryAfter``.
  public func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration? {
    guard retry >= 1, retry <= maximumRetries else { return nil }
    if let retryAfter {
      return retryAfter <= longestRetryAfter ? retryAfter : nil
    }
    var backoff = baseDelay
    for _ in 1..<retry where backoff < maximumDelay {
      backoff = backoff * 2
    }
    backoff = min(backoff, maximumDelay)
    let jitter = min(max(random(), 0), 1)
    return backoff / 2 + (backoff / 2) * jitter
  }

  /// Reads a `Retry-After` header given in seconds.
  ///
  /// - Parameter header: The header's value, if the response had one.
  /// - Returns: The wait, or `nil` when there is no header or it is not a whole number of
  ///   seconds (the HTTP-date form is ignored: neither TMDB nor Open-Meteo sends it).
  public static func retryAfter(header: String?) -> Duration? {
    guard let header, let seconds = Int(header.trimmingCharacters(in: .whitespaces)),
      seconds >= 0
    else { return nil }
    return .seconds(seconds)
  }
}
