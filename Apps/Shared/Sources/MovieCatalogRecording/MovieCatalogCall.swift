import LoopRecording
import MovieCatalog

/// One call to a ``MovieCatalog``, with its arguments and outcome, as a recording keeps it.
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
  /// - Parameter recorder: The recording being recorded.
  /// - Returns: The recording catalog.
  public func recording<State, Event>(
    into recorder: Recorder<State, Event, MovieCatalogCall>
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

extension MovieCatalog {
  /// A catalog whose every call is answered from a recording: a replay's call tape.
  ///
  /// ```swift
  /// let catalog = MovieCatalog.answering { call, match in try await tape.answer(call, match) }
  /// ```
  ///
  /// - Parameter answer: Given the call in words and a match that takes a recorded call to
  ///   its outcome when it is this call (`nil` otherwise), returns the recorded page or
  ///   throws the recorded error.
  /// - Returns: The catalog.
  public static func answering(
    _ answer:
      @escaping @Sendable (
        _ call: String, _ match: @escaping @Sendable (MovieCatalogCall) -> MovieCatalogCall.Outcome?
      ) async throws -> MoviePage
  ) -> MovieCatalog {
    MovieCatalog(
      popular: { page in
        try await answer("popular(page: \(page))") { call in
          guard case .popular(page, let outcome) = call else { return nil }
          return outcome
        }
      },
      search: { query, page in
        try await answer("search(query: \"\(query)\", page: \(page))") { call in
          guard case .search(query, page, let outcome) = call else { return nil }
          return outcome
        }
      })
  }
}
