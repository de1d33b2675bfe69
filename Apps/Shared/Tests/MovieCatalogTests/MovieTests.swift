import CalendarDay
import Fixtures
import Foundation
import MovieCatalog
import Testing

struct MovieTests {
  /// Every movie on the five popular pages, in order, the repeated one twice.
  static func allPopularMovies() throws -> [Movie] {
    try (1...5).flatMap {
      try Fixtures.decode(MoviePage.self, from: "movies/popular-\($0).json").results
    }
  }

  @Test func aMovieMadeWithOnlyAnIDAndATitleHasNoVotesAndNoRating() {
    // What `voteAverage` documents: 0 when nobody has voted.
    let movie = Movie(id: 1, title: "Alien")
    #expect(movie.voteCount == 0)
    #expect(movie.voteAverage == 0)
    #expect(movie.originalTitle == "Alien")
  }

  @Test func everyFieldIsReadWhenDecodingATMDBMovie() throws {
    let page = try Fixtures.decode(MoviePage.self, from: "movies/popular-1.json")
    let movie = try #require(page.results.first)
    #expect(movie.id == 1_394_722)
    #expect(movie.title == "The Lantern Keeper")
    #expect(movie.originalTitle == "The Lantern Keeper")
    #expect(movie.originalLanguage == "en")
    #expect(movie.overview.hasPrefix("A small-town sheriff races to stop"))
    #expect(movie.genreIDs == [27, 10752])
    #expect(movie.popularity == 4794.242)
    #expect(movie.voteAverage == 8.677)
    #expect(movie.voteCount == 8893)
    #expect(movie.adult == false)
    #expect(movie.video == false)
    #expect(movie.posterPath == "/OSNta0PKhe37ak1aSJARa7717tz.jpg")
    #expect(movie.backdropPath == "/z5eRTpPWzUB4q60sskDI1EDL0Y6.jpg")
    #expect(movie.releaseDate == Day(year: 1998, month: 10, day: 6)!)
    #expect(movie.year == 1998)
  }

  @Test func posterAndDateAreNilWhenTMDBSendsNullAndAnEmptyString() throws {
    let movies = try Self.allPopularMovies()
    let unreleased = try #require(movies.first { $0.title == "Lighthouse 9" })
    #expect(unreleased.posterPath == nil)
    #expect(unreleased.backdropPath == nil)
    #expect(unreleased.releaseDate == nil)
    #expect(unreleased.year == nil)
    #expect(movies.contains { $0.overview.isEmpty })
  }

  @Test func tmdbShapeIsWrittenWhenEncodingAMovieWithUnknownDate() throws {
    let movie = Movie(id: 7, title: "Untitled")
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(movie)) as? [String: Any])
    #expect(object["release_date"] as? String == "")
    #expect(object["poster_path"] is NSNull)
    #expect(object["original_title"] as? String == "Untitled")
    #expect(
      Set(object.keys) == [
        "adult", "backdrop_path", "genre_ids", "id", "original_language", "original_title",
        "overview", "popularity", "poster_path", "release_date", "title", "video",
        "vote_average", "vote_count",
      ])
  }

  @Test func everyFixtureMovieIsUnchangedWhenEncodedAndDecodedAgain() throws {
    let movies = try Self.allPopularMovies()
    let again = try JSONDecoder().decode([Movie].self, from: JSONEncoder().encode(movies))
    #expect(again == movies)
  }

  @Test func decodingNamesTheFieldWhenAReleaseDateIsNotADay() throws {
    let json = Data(
      #"""
      {"id": 1, "title": "T", "original_title": "T", "original_language": "en",
       "overview": "", "genre_ids": [], "popularity": 1, "vote_average": 0, "vote_count": 0,
       "adult": false, "video": false, "poster_path": null, "backdrop_path": null,
       "release_date": "2024-02-30"}
      """#.utf8)
    do {
      _ = try JSONDecoder().decode(Movie.self, from: json)
      Issue.record("a release date of 2024-02-30 decoded")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["release_date"])
      #expect(context.debugDescription.contains("2024-02-30"))
    }
  }
}
