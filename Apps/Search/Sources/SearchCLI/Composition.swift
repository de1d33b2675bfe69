import Fixtures
import Foundation
import MovieCatalog
import SearchFeature
import Terminal

/// The dependencies, chosen from the options and the environment, as `movies` chooses them.
///
/// Offline by default, on the bundled fixtures, with one notice line on standard error; live
/// (TMDB v3 over URLSession) when `TMDB_API_KEY` is set, `--source live` is given, or
/// `--api-base` points somewhere, unless `--source fixtures` says otherwise.
struct Composition {
  /// Where results come from.
  let catalog: MovieCatalog
  /// The line to print on standard error before anything else, if any.
  let notice: String?

  /// The `TMDB_API_KEY` in `environment`, trimmed; `nil` when unset or blank.
  static func token(in environment: [String: String]) -> String? {
    let token = environment["TMDB_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)
    return token?.isEmpty == false ? token : nil
  }

  init(options: SearchOptions, token: String?) throws {
    switch options.source.source {
    case .fixtures:
      catalog = MovieCatalog.fixtures
      notice =
        options.source.isChosen
        ? nil
        : "movie-search: offline fixtures, not TMDB; set TMDB_API_KEY or --source live"
    case .live:
      guard let token else { throw SearchCLIError.catalog(.missingToken) }
      catalog = .live(token: token, baseURL: options.source.apiBase ?? MovieCatalog.tmdbBaseURL)
      notice = nil
    }
  }

  /// The search, on the real clock, ranking the bundled popular pages when offline.
  ///
  /// - Parameter debounce: The quiet time before a search: the default while typing, zero
  ///   for scripted queries, which arrive whole.
  /// - Returns: The machine to run in a store.
  func machine(debounce: Duration) -> Search {
    Search(
      catalog: catalog, clock: ContinuousClock(), localCatalog: { MovieCatalog.fixtureMovies },
      debounce: debounce)
  }
}

/// What the command reports as one line on standard error, exiting 1.
enum SearchCLIError: Error, UserFacingError {
  /// The catalog failed, or cannot be used.
  case catalog(MovieCatalogError)
  /// A search failed; the message says why.
  case failed(String)
  /// Some queries read from standard input failed; each was reported already.
  case someQueriesFailed(Int)

  var userMessage: String {
    switch self {
    case .catalog(let error): error.userMessage
    case .failed(let message): message
    case .someQueriesFailed(let count): "\(count) quer\(count == 1 ? "y" : "ies") failed"
    }
  }
}
