import MovieCatalog

extension Search {
  /// The fewest characters a normalized query needs before the search asks TMDB.
  public static let minimumQueryLength = 2

  /// What the screen says while the query is too short.
  public static let hint = "type at least \(minimumQueryLength) characters"

  /// How long the user must stop typing before a search starts, unless the machine is made
  /// with another ``Search/debounce``.
  public static let defaultDebounce = Duration.milliseconds(300)

  /// Query hygiene: `text` trimmed, each inner run of whitespace collapsed to one space, and
  /// lowercased.
  ///
  /// Two texts that normalize alike are the same query: typing `"  Star "` after `"star"`
  /// restarts nothing and asks for nothing.
  ///
  /// ```swift
  /// let query = Search.normalized("  Star \t Wars ")  // "star wars"
  /// ```
  ///
  /// - Parameter text: What the user typed.
  /// - Returns: The normalized query; empty when the text has no words.
  public static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
  }

  /// Whether a normalized query is long enough to search for.
  ///
  /// - Parameter query: A normalized query.
  /// - Returns: Whether it has at least ``minimumQueryLength`` characters.
  public static func isSearchable(_ query: String) -> Bool {
    query.count >= minimumQueryLength
  }

  /// Decides what a catalog error means for the search: fall back offline, or show an error.
  ///
  /// Falls back (``Failure/unavailable(reason:local:)``) when TMDB could not answer *now*:
  /// ``MovieCatalogError/network(_:)`` (every transport failure: no connection, unknown host,
  /// timeout), ``MovieCatalogError/server(status:code:message:)`` (HTTP 5xx) and
  /// ``MovieCatalogError/rateLimited(retryAfter:)`` (HTTP 429, after the client's own retries).
  /// This is wider than ``MovieCatalogError/isRetryable``, which leaves out a refused
  /// connection or an unknown host: a retry may not fix those, but they are exactly when the
  /// user is offline and local results help.
  ///
  /// Everything else is ``Failure/rejected(message:)``, shown with no fallback, because
  /// offline results would hide a problem the user has to fix: a rejected or missing key
  /// (401), a resource or page TMDB does not have, another HTTP status, a body that does not
  /// decode.
  ///
  /// - Parameters:
  ///   - error: What the catalog threw.
  ///   - local: The local catalog, read only when the search falls back.
  /// - Returns: The failure the reducer receives.
  public static func failure(
    for error: MovieCatalogError, local: () -> [Movie]
  ) -> Failure {
    switch error {
    case .network, .server, .rateLimited:
      .unavailable(reason: error.userMessage, local: local())
    case .unauthorized, .notFound, .invalidPage, .http, .decoding, .missingToken:
      .rejected(message: error.userMessage)
    }
  }
}
