import LoopSession

/// One call to a ``MovieCatalog``, with its arguments and outcome, as a session records it.
///
/// `movies` and `movie-search` given `--record FILE` route their catalog through
/// ``MovieCatalog/recording(into:)``; a replay answers each call from these.
public enum MovieCatalogCall: Codable, Hashable, Sendable {
  /// How a catalog call ends: a page, a catalog error, or cancelled.
  public typealias Outcome = CallOutcome<MoviePage, MovieCatalogError>

  /// ``MovieCatalog/popular``.
  case popular(page: Int, outcome: Outcome)
  /// ``MovieCatalog/search``.
  case search(query: String, page: Int, outcome: Outcome)
}

extension MovieCatalog {
  /// This catalog, with every call recorded into `recorder`.
  ///
  /// An error other than ``MovieCatalogError`` is recorded and thrown as
  /// ``MovieCatalogError/network(_:)``, as the features' error mapping treats it.
  ///
  /// - Parameter recorder: The session being recorded.
  /// - Returns: The recording catalog.
  public func recording<State, Event>(
    into recorder: SessionRecorder<State, Event, MovieCatalogCall>
  ) -> MovieCatalog {
    let other: @Sendable (any Error) -> MovieCatalogError = { .network(String(describing: $0)) }
    return MovieCatalog(
      popular: { [popular] page in
        try await recorder.record(
          { MovieCatalogCall.popular(page: page, outcome: $0) }, otherwise: other
        ) { try await popular(page) }
      },
      search: { [search] query, page in
        try await recorder.record(
          { MovieCatalogCall.search(query: query, page: page, outcome: $0) }, otherwise: other
        ) { try await search(query, page) }
      })
  }
}
