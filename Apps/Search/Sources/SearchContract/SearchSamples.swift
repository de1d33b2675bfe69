import Fixtures
import Foundation
import LoopTesting
import MovieCatalog
import SearchFeature

/// One call to `MovieCatalog.search`, as the call budgets record it.
struct SearchCall: Hashable, Sendable, CustomStringConvertible {
  /// The query sent.
  var query: String
  /// The page asked for.
  var page: Int

  init(_ query: String, page: Int = 1) {
    self.query = query
    self.page = page
  }

  var description: String {
    page == 1 ? "\"\(query)\"" : "\"\(query)\" page \(page)"
  }
}

/// The shared fixtures, as the search's contract and tests use them.
enum SearchSamples {
  /// The search fixture for `query`: `movies/search/<name>.json` for page 1, and
  /// `movies/search/pages/<name>-<page>.json` for later pages.
  static func page(_ query: String, _ page: Int = 1) -> MoviePage {
    let name = MovieCatalog.fixtureName(forQuery: query)
    let path = page == 1 ? "movies/search/\(name).json" : laterPagePath(name, page)
    do {
      return try Fixtures.decode(MoviePage.self, from: path)
    } catch {
      preconditionFailure("the search contract needs its fixtures: \(error)")
    }
  }

  /// Where page `page` (2 or more) of a search fixture lives: a folder no query names, since
  /// ``MovieCatalog/fixtureName(forQuery:)`` never produces a `/`.
  static func laterPagePath(_ name: String, _ page: Int) -> String {
    "movies/search/pages/\(name)-\(page).json"
  }

  /// The local catalog: every movie of the bundled popular pages, each once.
  static let local = MovieCatalog.fixtureMovies

  /// The bundled fixtures, pages of multi-page searches included.
  static let catalog = MovieCatalog.fixtures

  /// `base`, with every search recorded in `calls`.
  static func recording(_ calls: CallLog<SearchCall>, _ base: MovieCatalog = catalog)
    -> MovieCatalog
  {
    let search = calls.recording { call in try await base.search(call.query, call.page) }
    return MovieCatalog(
      popular: base.popular,
      search: { query, page in try await search(SearchCall(query, page: page)) })
  }

  /// A catalog whose searches come from `work`, one generation per call, recorded in `calls`.
  static func controlled(_ work: ControlledWork<MoviePage>, _ calls: CallLog<SearchCall>)
    -> MovieCatalog
  {
    recording(
      calls, MovieCatalog(popular: catalog.popular, search: { _, _ in try await work.makeWork() }))
  }

  /// The fixtures, except that a search for `failing` throws `error`.
  static func failing(_ failing: String, with error: MovieCatalogError) -> MovieCatalog {
    MovieCatalog(
      popular: catalog.popular,
      search: { query, page in
        guard query != failing else { throw error }
        return try await catalog.search(query, page)
      })
  }

  /// The machine with `catalog` and `clock`, ranking the bundled popular pages offline.
  static func machine(_ catalog: MovieCatalog, clock: any Clock<Duration>) -> Search {
    Search(catalog: catalog, clock: clock, localCatalog: { local })
  }

  // MARK: - Small values for exploration

  /// Fixture pages cut to three movies, decoded once, so the states exploration visits stay
  /// small and each step is cheap.
  static let smallPages: [SearchCache.Key: MoviePage] = {
    var pages: [SearchCache.Key: MoviePage] = [:]
    for (query, page) in [("sta", 1), ("star", 1), ("star", 2), ("swift", 1)] {
      var full = SearchSamples.page(query, page)
      full.results = Array(full.results.prefix(3))
      pages[SearchCache.Key(query: query, page: page)] = full
    }
    return pages
  }()

  /// Page `page` for `query` from ``smallPages``, or an empty last page when there is none.
  static func small(_ query: String, _ page: Int = 1) -> MoviePage {
    smallPages[SearchCache.Key(query: query, page: page)]
      ?? MoviePage(page: page, results: [], totalPages: page, totalResults: 0)
  }

  /// A few local movies, for offline answers during exploration, and ``rankingTraps``.
  static let smallLocal: [Movie] = Array(local.prefix(20)) + rankingTraps

  /// Local movies whose offline order by kind of match is the reverse of their popularity.
  ///
  /// For the queries the alphabet types (`star`, `sta`): a ranking that took one kind for
  /// another would list them by popularity, and the ranking law would see it. Ids no fixture
  /// uses.
  static let rankingTraps: [Movie] = [
    Movie(id: 9_000_001, title: "Lodestar", popularity: 900),  // inside a word
    Movie(id: 9_000_002, title: "Lone Star", popularity: 3),  // a word starts with it
    Movie(id: 9_000_003, title: "A Star Is Born", popularity: 2),  // so does the second word
    Movie(id: 9_000_004, title: "Starling", popularity: 1),  // the title starts with it
    Movie(id: 9_000_005, title: "Starling", popularity: 1),  // a tie: the lower id first
  ]
}
