extension MovieCatalog {
  /// A catalog whose every call throws `error`.
  ///
  /// For tests of failure paths and previews of error states:
  ///
  /// ```swift
  /// let catalog = MovieCatalog.failing(.server(status: 503, code: 9, message: "offline"))
  /// ```
  ///
  /// - Parameter error: What `popular` and `search` throw.
  /// - Returns: The failing catalog.
  public static func failing(_ error: MovieCatalogError) -> MovieCatalog {
    MovieCatalog(
      popular: { _ in throw error },
      search: { _, _ in throw error }
    )
  }

  /// A catalog for tests that must not load movies: every call throws an error naming it.
  ///
  /// This module does not depend on a testing library, so a call cannot record a test
  /// failure itself. It throws ``MovieCatalogError/http(status:message:)`` with status `0`
  /// (no HTTP exchange) and a message naming the call, such as `MovieCatalog.unimplemented:
  /// popular(2) was called`; a feature under test surfaces it as a failure the test sees.
  /// Replace the closure the test expects to be called:
  ///
  /// ```swift
  /// var catalog = MovieCatalog.unimplemented
  /// catalog.popular = { page in try await MovieCatalog.fixtures.popular(page) }
  /// ```
  public static let unimplemented = MovieCatalog(
    popular: { page in
      throw MovieCatalogError.http(
        status: 0, message: "MovieCatalog.unimplemented: popular(\(page)) was called")
    },
    search: { query, page in
      throw MovieCatalogError.http(
        status: 0,
        message: "MovieCatalog.unimplemented: search(\"\(query)\", \(page)) was called")
    }
  )
}
