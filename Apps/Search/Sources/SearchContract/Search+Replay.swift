import LoopContracts
import LoopSession
import LoopTesting
import MovieCatalog
import SearchFeature

extension Search {
  /// How `conformance --replay` replays a `movie-search --record` session: the search with
  /// the recorded debounce, every catalog call answered from the recording.
  public static let sessionReplay = SessionReplay<Search, MovieCatalogCall>(app: "movie-search") {
    tape, clock, settings in
    Search(
      catalog: .answering(from: tape), clock: clock,
      localCatalog: { MovieCatalog.fixtureMovies },
      debounce: debounce(inSessionSettings: settings) ?? defaultDebounce)
  }
}

extension MovieCatalog {
  /// A catalog whose every call is answered from a session's recorded calls.
  ///
  /// - Parameter tape: The recorded calls.
  /// - Returns: The catalog.
  static func answering(from tape: CallTape<MovieCatalogCall>) -> MovieCatalog {
    MovieCatalog(
      popular: { page in
        try await tape.answer("popular(page: \(page))") { call -> MovieCatalogCall.Outcome? in
          guard case .popular(page, let outcome) = call else { return nil }
          return outcome
        }
      },
      search: { query, page in
        try await tape.answer("search(query: \"\(query)\", page: \(page))") {
          call -> MovieCatalogCall.Outcome? in
          guard case .search(query, page, let outcome) = call else { return nil }
          return outcome
        }
      })
  }
}
