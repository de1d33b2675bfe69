import Fixtures
import MovieCatalog
import Testing

struct GenreListTests {
  @Test func everyGenreIDHasANameWhenReadingThePopularFixtures() throws {
    let list = try Fixtures.decode(GenreList.self, from: "movies/genres.json")
    let used = Set(try MovieTests.allPopularMovies().flatMap(\.genreIDs))
    #expect(!used.isEmpty)
    #expect(used.filter { list.name(of: $0) == nil }.isEmpty)
    #expect(Set(list.genres.map(\.id)).count == list.genres.count)
  }

  @Test func nameIsFoundWhenTheIDIsKnown() throws {
    let list = try Fixtures.decode(GenreList.self, from: "movies/genres.json")
    #expect(list.name(of: 28) == "Action")
    #expect(list.name(of: 878) == "Science Fiction")
    #expect(list.name(of: -1) == nil)
  }
}
