/// One page of movies as TMDB v3 returns it: popular movies or search results.
///
/// TMDB serves 20 movies a page and numbers pages from 1. It reports more pages than it will
/// serve: any page above 500 is rejected (HTTP 400, code 22), so page through ``lastPage``,
/// not ``totalPages``. A search that matches nothing has no results and `totalPages` 0 or 1.
///
/// ```swift
/// var page = try await catalog.popular(1)
/// while page.page < page.lastPage {
///   page = try await catalog.popular(page.page + 1)
/// }
/// ```
public struct MoviePage: Hashable, Sendable, Codable {
  /// This page's number, from 1.
  public var page: Int
  /// The movies on this page, most popular (or most relevant) first.
  ///
  /// The same movie can appear on two consecutive pages when TMDB's order shifts between
  /// requests: dedupe by ``Movie/id`` when joining pages.
  public var results: [Movie]
  /// How many pages TMDB says there are; it serves at most 500 of them.
  public var totalPages: Int
  /// How many movies TMDB says there are across all pages.
  public var totalResults: Int

  /// The last page that can be requested: ``totalPages``, capped at 500.
  ///
  /// `0` when a search matched nothing and TMDB reported no pages.
  public var lastPage: Int { min(totalPages, Self.maximumPage) }

  /// The highest page number TMDB serves; it rejects any page above with HTTP 400.
  public static let maximumPage = 500

  /// Creates a page from its fields.
  ///
  /// - Parameters:
  ///   - page: The page number, from 1.
  ///   - results: The movies on the page.
  ///   - totalPages: How many pages there are in all.
  ///   - totalResults: How many movies there are in all.
  public init(page: Int, results: [Movie], totalPages: Int, totalResults: Int) {
    self.page = page
    self.results = results
    self.totalPages = totalPages
    self.totalResults = totalResults
  }

  private enum CodingKeys: String, CodingKey {
    case page
    case results
    case totalPages = "total_pages"
    case totalResults = "total_results"
  }
}
