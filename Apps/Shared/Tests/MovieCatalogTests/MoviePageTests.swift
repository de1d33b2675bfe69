import Fixtures
import MovieCatalog
import Testing

struct MoviePageTests {
  @Test(arguments: 1...5)
  func twentyUniqueMoviesAreReadWhenDecodingPopularPage(_ number: Int) throws {
    let page = try Fixtures.decode(MoviePage.self, from: "movies/popular-\(number).json")
    #expect(page.page == number)
    #expect(page.results.count == 20)
    #expect(Set(page.results.map(\.id)).count == 20)
    #expect(page.totalPages == 5)
    #expect(page.totalResults == 100)
    #expect(page.lastPage == 5)
  }

  /// The movies pager's dedupe tests depend on this: keep it when editing the fixtures.
  @Test func exactlyOneMovieRepeatsWhenCrossingFromPage3ToPage4() throws {
    let page3 = try Fixtures.decode(MoviePage.self, from: "movies/popular-3.json")
    let page4 = try Fixtures.decode(MoviePage.self, from: "movies/popular-4.json")
    let last = try #require(page3.results.last)
    #expect(page4.results.first == last)
    let all = try MovieTests.allPopularMovies()
    #expect(all.count == 100)
    #expect(Set(all.map(\.id)).count == 99)
    #expect(all.filter { $0.id == last.id }.count == 2)
  }

  @Test func popularityNeverRisesWhenReadingThePagesInOrder() throws {
    let popularity = try MovieTests.allPopularMovies().map(\.popularity)
    #expect(zip(popularity, popularity.dropFirst()).allSatisfy { $0 >= $1 })
  }

  @Test(arguments: [(0, 0), (1, 1), (5, 5), (500, 500), (501, 500), (41_977, 500)])
  func lastPageIsCappedAt500WhenTMDBReportsMore(_ totalPages: Int, _ lastPage: Int) {
    let page = MoviePage(page: 1, results: [], totalPages: totalPages, totalResults: 0)
    #expect(page.lastPage == lastPage)
  }
}
