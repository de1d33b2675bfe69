import Foundation

/// When the live client retries a rate-limited request (HTTP 429) by itself.
///
/// TMDB's 429 may carry `Retry-After` in seconds. The client honours it, but only for short
/// waits and only a few times: a user is waiting. It never retries sooner than TMDB asked,
/// since that would only earn another 429; a longer wait is surfaced as
/// ``MovieCatalogError/rateLimited(retryAfter:)`` for the app to decide.
struct RetryPolicy: Equatable, Sendable {
  /// How many times a request is retried after the first attempt.
  var maximumRetries = 2
  /// The longest wait the client accepts; TMDB asking for more ends the retries.
  var longestWait = Duration.seconds(5)
  /// The wait when a 429 has no usable `Retry-After` (none, or an HTTP date).
  var defaultWait = Duration.seconds(1)

  /// How long to wait before retry number `retry`, or `nil` to stop retrying.
  ///
  /// - Parameters:
  ///   - retry: Which retry this would be: 1 for the first.
  ///   - retryAfter: The wait TMDB asked for, if it asked.
  /// - Returns: The wait, or `nil` when the retries are used up or TMDB asked for more than
  ///   ``longestWait``.
  func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration? {
    guard retry <= maximumRetries else { return nil }
    let wait = retryAfter ?? defaultWait
    return wait <= longestWait ? wait : nil
  }

  /// Reads a `Retry-After` header given in seconds.
  ///
  /// - Parameter header: The header's value, if the response had one.
  /// - Returns: The wait, or `nil` when there is no header or it is not a whole number of
  ///   seconds (the HTTP-date form is not used by TMDB and is ignored).
  static func retryAfter(header: String?) -> Duration? {
    guard let header, let seconds = Int(header.trimmingCharacters(in: .whitespaces)), seconds >= 0
    else { return nil }
    return .seconds(seconds)
  }
}
