import Fixtures
import Foundation
import MovieCatalog

/// The bundled fixtures as the search reads them offline.
enum OfflineCatalog {
  /// ``MovieCatalog/fixtures``, plus later pages of search fixtures.
  ///
  /// `MovieCatalog.fixtures` serves one page per search fixture (`movies/search/<name>.json`).
  /// Later pages live in `movies/search/pages/<name>-<page>.json`, a folder no query name
  /// reaches (names never contain `/`); this serves them, so "load more" works offline.
  static let catalog = MovieCatalog(
    popular: MovieCatalog.fixtures.popular,
    search: { query, page in
      let path =
        "movies/search/pages/\(MovieCatalog.fixtureName(forQuery: query))-\(page).json"
      guard page > 1, Fixtures.url(path) != nil else {
        return try await MovieCatalog.fixtures.search(query, page)
      }
      try Task.checkCancellation()
      do {
        return try Fixtures.decode(MoviePage.self, from: path)
      } catch {
        throw MovieCatalogError.decoding("\(error)")
      }
    })

  /// Every movie on the bundled popular pages, each once: what offline ranking searches
  /// besides the movies already seen.
  static let local: [Movie] = {
    var movies: [Movie] = []
    var seen = Set<Int>()
    var number = 1
    while let page = try? Fixtures.decode(MoviePage.self, from: "movies/popular-\(number).json") {
      movies += page.results.filter { seen.insert($0.id).inserted }
      number += 1
    }
    return movies
  }()
}
