extension MovieCatalog {
  /// A catalog that serves the bundled fixtures: offline, instant and the same every run.
  ///
  /// - `popular(n)` serves `movies/popular-n.json` from the `Fixtures` resources, pages 1
  ///   through 5; any other page throws ``MovieCatalogError/invalidPage(_:)``. Page 3's last
  ///   movie is page 4's first, as happens on TMDB when popularity shifts between requests.
  /// - `search(query, page)` serves `movies/search/<name>.json` when that file exists, where
  ///   `<name>` is ``fixtureName(forQuery:)``; such a file holds page 1, and page `n` of a
  ///   longer result lives in `movies/search/pages/<name>-<n>.json` (a folder no query can
  ///   name); a page with no file throws ``MovieCatalogError/invalidPage(_:)``. Without a file it
  ///   searches every bundled movie (the popular pages', then the search fixtures'): those
  ///   whose title contains the tidied query, ignoring case and accents (`amelie` finds
  ///   *Amélie*), each movie once, most popular first, 20 to a page; a page past the last throws
  ///   ``MovieCatalogError/invalidPage(_:)``, and a query with no matches (or no words) gets
  ///   one empty page 1 with `totalPages` 0.
  ///
  /// A fixture that does not decode throws ``MovieCatalogError/decoding(_:)`` naming the file;
  /// a cancelled task throws `CancellationError`.
  ///
  /// ```swift
  /// let page = try await MovieCatalog.fixtures.search("night", 1)
  /// let titles = page.results.map(\.title)
  /// // ["Midnight on Harrow Street", "Night Shift at ...", ...]
  /// ```
  public static let fixtures = MovieCatalog(
    popular: { page in
      try Task.checkCancellation()
      return try FixtureCatalog.popular(page: page)
    },
    search: { query, page in
      try Task.checkCancellation()
      return try FixtureCatalog.search(query: query, page: page)
    }
  )

  /// The file name (without `.json`) under `movies/search/` that holds the results for `query`.
  ///
  /// The mapping, in order:
  /// 1. Trim leading and trailing whitespace; collapse each inner run of whitespace (spaces,
  ///    tabs, newlines) to one space.
  /// 2. Lowercase.
  /// 3. Spaces become `-`; `+` becomes `plus`; `/` becomes `-` (so a query can never name a
  ///    file outside `movies/search/`). Every other character, accents included, is kept.
  ///
  /// ```swift
  /// let names = [
  ///   MovieCatalog.fixtureName(forQuery: "  Star   Wars "),  // "star-wars"
  ///   MovieCatalog.fixtureName(forQuery: "C++ Tales"),       // "cplusplus-tales"
  ///   MovieCatalog.fixtureName(forQuery: "Café Minuit"),     // "café-minuit"
  /// ]
  /// ```
  ///
  /// - Parameter query: What the user searched for.
  /// - Returns: The name; empty when the query has no words.
  public static func fixtureName(forQuery query: String) -> String {
    var name = ""
    for character in FixtureCatalog.tidied(query) {
      switch character {
      case " ", "/": name.append("-")
      case "+": name.append("plus")
      default: name.append(character)
      }
    }
    return name
  }

  /// Every movie on the bundled popular pages, most popular first, each once: the local
  /// catalog an offline search ranks.
  public static let fixtureMovies: [Movie] = {
    do {
      return try FixtureCatalog.allPopular()
    } catch {
      preconditionFailure("the bundled popular pages do not load: \(error)")
    }
  }()
}
