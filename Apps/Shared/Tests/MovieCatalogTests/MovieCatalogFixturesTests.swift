import Fixtures
import Testing

@testable import MovieCatalog

struct MovieCatalogFixturesTests {
  @Test(arguments: 1...5)
  func bundledPageIsServedWhenPopularPageIsWithin1To5(_ number: Int) async throws {
    let page = try await MovieCatalog.fixtures.popular(number)
    #expect(page == (try Fixtures.decode(MoviePage.self, from: "movies/popular-\(number).json")))
  }

  @Test(arguments: [6, 0, -1])
  func invalidPageIsThrownWhenPopularPageIsNotBundled(_ number: Int) async {
    await #expect(throws: MovieCatalogError.invalidPage(number)) {
      try await MovieCatalog.fixtures.popular(number)
    }
  }

  @Test func titlesAreSearchedWhenNoSearchFixtureExists() async throws {
    try #require(Fixtures.url("movies/search/the.json") == nil, "this test covers the fallback")
    let first = try await MovieCatalog.fixtures.search("the", 1)
    let second = try await MovieCatalog.fixtures.search("the", 2)
    let third = try await MovieCatalog.fixtures.search("the", 3)
    // 42 of the 144 bundled movies (popular pages and search fixtures) have "the" in the title.
    #expect(first.results.count == 20)
    #expect(second.results.count == 20)
    #expect(third.results.count == 2)
    #expect(first.totalResults == 42)
    #expect(first.totalPages == 3)
    #expect(second.page == 2)
    let all = first.results + second.results + third.results
    #expect(all.map { $0.title.lowercased() }.allSatisfy { $0.contains("the") })
    let popularity = all.map(\.popularity)
    #expect(zip(popularity, popularity.dropFirst()).allSatisfy { $0 >= $1 })
    await #expect(throws: MovieCatalogError.invalidPage(4)) {
      try await MovieCatalog.fixtures.search("the", 4)
    }
  }

  @Test func eachMovieIsFoundOnceWhenItRepeatsAcrossPages() async throws {
    try #require(
      Fixtures.url("movies/search/honeycomb.json") == nil, "this test covers the fallback")
    let page = try await MovieCatalog.fixtures.search("honeycomb", 1)
    #expect(page.results.map(\.title) == ["Honeycomb"])
    #expect(page.totalResults == 1)
  }

  @Test func queryIsTidiedAndCaseIgnoredWhenSearchingTitles() async throws {
    try #require(
      Fixtures.url("movies/search/café-minuit.json") == nil, "this test covers the fallback")
    let page = try await MovieCatalog.fixtures.search("  CAFÉ \t minuit ", 1)
    #expect(page.results.map(\.title) == ["Café Minuit"])
  }

  @Test(arguments: ["zzz no such title", "   ", ""])
  func oneEmptyPageIsServedWhenNothingMatches(_ query: String) async throws {
    let page = try await MovieCatalog.fixtures.search(query, 1)
    #expect(page == MoviePage(page: 1, results: [], totalPages: 0, totalResults: 0))
    #expect(page.lastPage == 0)
    await #expect(throws: MovieCatalogError.invalidPage(2)) {
      try await MovieCatalog.fixtures.search(query, 2)
    }
  }

  @Test func searchFixtureIsServedWhenOneExistsForTheQuery() throws {
    // No search fixtures are bundled yet, so look "search fixtures" up in `movies/`, where the
    // query "Popular 1" names `popular-1.json`.
    let page = try FixtureCatalog.search(query: " Popular  1 ", page: 1, folder: "movies")
    #expect(page == (try Fixtures.decode(MoviePage.self, from: "movies/popular-1.json")))
    #expect(throws: MovieCatalogError.invalidPage(2)) {
      try FixtureCatalog.search(query: "popular 1", page: 2, folder: "movies")
    }
  }

  @Test(arguments: [
    ("star wars", "star-wars"), ("  Star   Wars\t", "star-wars"), ("C++", "cplusplus"),
    ("a + b", "a-plus-b"), ("Café Minuit", "café-minuit"), ("AC/DC", "ac-dc"),
    ("../secrets", "..-secrets"), ("   ", ""),
  ])
  func fileNameFollowsTheMappingWhenGivenAQuery(_ query: String, _ name: String) {
    #expect(MovieCatalog.fixtureName(forQuery: query) == name)
  }

  @Test func cancellationErrorIsThrownWhenTheTaskIsCancelled() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await MovieCatalog.fixtures.popular(1)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func laterPagesOfASearchComeFromThePagesFolderWhenTheyExist() async throws {
    let first = try await MovieCatalog.fixtures.search("star", 1)
    let second = try await MovieCatalog.fixtures.search("  Star ", 2)
    #expect(first.totalPages == 2)
    #expect(second.page == 2)
    #expect(Set(first.results.map(\.id)).isDisjoint(with: second.results.map(\.id)))
    await #expect(throws: MovieCatalogError.invalidPage(3)) {
      try await MovieCatalog.fixtures.search("star", 3)
    }
  }

  @Test func theFixtureMoviesAreEveryPopularMovieOnce() {
    let ids = MovieCatalog.fixtureMovies.map(\.id)
    #expect(ids.count == 99)
    #expect(Set(ids).count == ids.count)
  }
}

/// Offline, every bundled movie can be found by its title, accents or not.
struct FixtureSearchCoverageTests {
  @Test(arguments: ["Amélie", "amelie", "AMELIE + co"])
  func amelieIsFoundWithOrWithoutItsAccent(_ query: String) async throws {
    let page = try await MovieCatalog.fixtures.search(query, 1)
    // Most popular first: 812.35 and 140.2 in the fixture.
    #expect(page.results.map(\.title) == ["Amélie + Co.", "Amélie + Co.: Sur la route"])
  }

  @Test func everyBundledMovieIsFoundByItsTitleWithoutAccents() async throws {
    var bundled: [Movie] = []
    for path in Fixtures.paths(in: "movies/search") + Fixtures.paths(in: "movies/search/pages")
    where path.hasSuffix(".json") {
      bundled += try Fixtures.decode(MoviePage.self, from: path).results
    }
    bundled += MovieCatalog.fixtureMovies
    try #require(bundled.count > 100)
    for movie in bundled {
      let plain = movie.title.folding(options: .diacriticInsensitive, locale: nil)
      var found = false
      var page = 1
      while !found, let results = try? await MovieCatalog.fixtures.search(plain, page) {
        found = results.results.contains { $0.id == movie.id }
        if page >= results.totalPages { break }
        page += 1
      }
      #expect(found, "\(movie.title) (\(movie.id)) is not found by \"\(plain)\"")
    }
  }
}
