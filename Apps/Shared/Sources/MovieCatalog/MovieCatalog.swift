/// Where movies come from: TMDB's popular list and its movie search, as two closures.
///
/// A dependency in the shape every feature here uses: a struct of `@Sendable` closures, built
/// once at the composition root and passed to the feature. Pick one of the ready-made values
/// or build your own from closures:
///
/// - ``live(token:baseURL:language:session:clock:)``: TMDB v3 over URLSession.
/// - ``fixtures``: the bundled sample pages, offline and deterministic.
/// - ``failing(_:)`` and ``unimplemented``: test doubles.
///
/// ```swift
/// let catalog = MovieCatalog(
///   popular: { page in MoviePage(page: page, results: [], totalPages: 1, totalResults: 0) },
///   search: { _, _ in throw MovieCatalogError.notFound }
/// )
/// let first = try await catalog.popular(1)
/// ```
///
/// Both closures throw ``MovieCatalogError`` for failures a user should hear about, and
/// `CancellationError` when the calling task was cancelled (a superseded request, not an
/// error to show).
public struct MovieCatalog: Sendable {
  /// Loads a page of popular movies, most popular first.
  ///
  /// - Parameter page: The page number, from 1 through ``MoviePage/lastPage``.
  /// - Returns: The page.
  /// - Throws: ``MovieCatalogError`` or `CancellationError`.
  public var popular: @Sendable (_ page: Int) async throws -> MoviePage

  /// Searches movies by title.
  ///
  /// - Parameters:
  ///   - query: What the user typed; the catalog sends it as given (tidy it first).
  ///   - page: The page of results, from 1.
  /// - Returns: The page of results; no results when nothing matched.
  /// - Throws: ``MovieCatalogError`` or `CancellationError`.
  public var search: @Sendable (_ query: String, _ page: Int) async throws -> MoviePage

  /// Creates a catalog from its two operations.
  ///
  /// - Parameters:
  ///   - popular: Loads a page of popular movies.
  ///   - search: Loads a page of search results for a query.
  public init(
    popular: @escaping @Sendable (_ page: Int) async throws -> MoviePage,
    search: @escaping @Sendable (_ query: String, _ page: Int) async throws -> MoviePage
  ) {
    self.popular = popular
    self.search = search
  }
}
