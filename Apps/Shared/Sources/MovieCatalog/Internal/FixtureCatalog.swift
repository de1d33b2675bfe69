import Fixtures
import Foundation

/// What ``MovieCatalog/fixtures`` does: reads pages from the bundled resources, and searches
/// them when no search fixture exists for a query.
enum FixtureCatalog {
  /// How many movies a page holds, as on TMDB.
  static let pageSize = 20

  /// The popular page `page`: `movies/popular-<page>.json`.
  static func popular(page: Int) throws(MovieCatalogError) -> MoviePage {
    let path = "movies/popular-\(page).json"
    guard page >= 1, Fixtures.url(path) != nil else { throw .invalidPage(page) }
    return try load(path)
  }

  /// Page `page` of the results for `query`, from its search fixture or by title.
  ///
  /// - Parameters:
  ///   - query: What the user searched for.
  ///   - page: The page of results, from 1.
  ///   - folder: Where search fixtures live; tests point it at another folder to exercise
  ///     the lookup before any search fixture exists.
  /// - Returns: The page, as ``MovieCatalog/fixtures`` describes.
  /// - Throws: ``MovieCatalogError/invalidPage(_:)`` past the last page;
  ///   ``MovieCatalogError/decoding(_:)`` when a fixture does not decode.
  static func search(
    query: String, page: Int, folder: String = "movies/search"
  ) throws(MovieCatalogError) -> MoviePage {
    let name = MovieCatalog.fixtureName(forQuery: query)
    let path = "\(folder)/\(name).json"
    // Later pages live in `pages/`, a folder no query names (a fixture name has no `/`).
    let later = "\(folder)/pages/\(name)-\(page).json"
    if !name.isEmpty, page > 1, Fixtures.url(later) != nil {
      return try load(later)
    }
    if !name.isEmpty, Fixtures.url(path) != nil {
      let found = try load(path)
      guard page == found.page else { throw .invalidPage(page) }
      return found
    }
    let words = folded(tidied(query))
    let matches = words.isEmpty ? [] : try allBundled().filter { folded($0.title).contains(words) }
    let totalPages = (matches.count + pageSize - 1) / pageSize
    guard page >= 1, page <= max(totalPages, 1) else { throw .invalidPage(page) }
    let start = min((page - 1) * pageSize, matches.count)
    let end = min(start + pageSize, matches.count)
    return MoviePage(
      page: page, results: Array(matches[start..<end]), totalPages: totalPages,
      totalResults: matches.count)
  }

  /// `text` trimmed, with each inner run of whitespace collapsed to one space, and lowercased.
  static func tidied(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
  }

  /// `text` without case or accents, so `Amélie` and `amelie` are one word.
  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
  }

  /// Every bundled movie (the popular pages' and the search fixtures'), each once, most
  /// popular first: what an offline search looks through, so every bundled movie can be
  /// found.
  static func allBundled() throws(MovieCatalogError) -> [Movie] {
    var movies = try allPopular()
    var seen = Set(movies.map(\.id))
    let files = Fixtures.paths(in: "movies/search") + Fixtures.paths(in: "movies/search/pages")
    for path in files where path.hasSuffix(".json") {
      for movie in try load(path).results where seen.insert(movie.id).inserted {
        movies.append(movie)
      }
    }
    // Stable, so equal popularity keeps the order of the files.
    return movies.enumerated().sorted {
      ($0.element.popularity, $1.offset) > ($1.element.popularity, $0.offset)
    }.map(\.element)
  }

  /// Every movie on the popular pages, most popular first, each once.
  static func allPopular() throws(MovieCatalogError) -> [Movie] {
    var movies: [Movie] = []
    var seen: Set<Int> = []
    var page = 1
    while Fixtures.url("movies/popular-\(page).json") != nil {
      for movie in try popular(page: page).results where seen.insert(movie.id).inserted {
        movies.append(movie)
      }
      page += 1
    }
    return movies
  }

  /// Decodes the movie page at `path`, naming the file when it does not decode.
  private static func load(_ path: String) throws(MovieCatalogError) -> MoviePage {
    let body: Data
    do {
      body = try Fixtures.data(path)
    } catch {
      throw .decoding("the fixture \(path) could not be read: \(error)")
    }
    do {
      return try JSONDecoder().decode(MoviePage.self, from: body)
    } catch {
      throw .decoding(
        "the fixture \(path) was not a movie page: "
          + DecodingFailure.describe(error, body: body))
    }
  }
}
