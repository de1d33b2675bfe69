import AppCLI
import Fixtures
import Foundation
import HTTPTransport
import Loop
import MovieCatalog
import MovieCatalogRecording
import SearchFeature

/// The dependencies, chosen from the options and the environment, as `movies` chooses them.
///
/// Offline by default, on the bundled fixtures, with one notice line on standard error; live
/// (TMDB v3 over URLSession) when `TMDB_API_KEY` is set, `--source live` is given, or
/// `--api-base` points somewhere, unless `--source fixtures` says otherwise.
struct Composition {
  /// Where results come from: recording every call when `--record` is given.
  let catalog: MovieCatalog
  /// The line to print on standard error before anything else, if any.
  let notice: String?
  /// The quiet time before a search: the default while typing, zero for scripted queries,
  /// which arrive whole.
  let debounce: Duration
  /// The recording being recorded, when `--record` is given.
  let recording: CommandRecording<Search.State, Search.Event, MovieCatalogCall>?

  /// The `TMDB_API_KEY` in `environment`, trimmed; `nil` when unset or blank.
  static func token(in environment: [String: String]) -> String? {
    let token = environment["TMDB_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)
    return token?.isEmpty == false ? token : nil
  }

  init(options: SearchOptions, token: String?, debounce: Duration) throws {
    self.debounce = debounce
    let catalog: MovieCatalog
    switch options.source.source {
    case .fixtures:
      catalog = MovieCatalog.fixtures
      notice =
        options.source.isChosen
        ? nil
        : SourceOptions.offlineNotice(
          app: SearchCommand.spec.name, service: "TMDB", credential: "TMDB_API_KEY")
    case .live:
      guard let token else { throw CommandFailure.catalog(.missingToken) }
      catalog = .live(
        token: token, baseURL: options.source.apiBase ?? MovieCatalog.tmdbBaseURL,
        transport: .curl(timeout: options.source.timeout))
      notice = nil
    }
    recording = try options.record.map { path in
      try CommandRecording(
        path: path, app: SearchCommand.spec.name,
        settings: Search.recordingSettings(debounce: debounce), initialState: Search.State())
    }
    self.catalog = recording.map { catalog.recording(into: $0.recorder) } ?? catalog
  }

  /// A store running the search on the real clock, ranking the bundled popular pages when
  /// offline, recorded when `--record` is given.
  ///
  /// - Returns: The store, at the launch state.
  func makeStore() -> Store<Search.State, Search.Event> {
    let search = Search(
      catalog: catalog, clock: ContinuousClock(), localCatalog: { MovieCatalog.fixtureMovies },
      debounce: debounce)
    return recording.store(running: search, initial: Search.State())
  }
}
