import MovieCatalog
import SearchFeature
import Testing

@testable import SearchContract

/// The offline ranking, as a pure function.
struct OfflineRankingTests {
  func movie(_ id: Int, _ title: String, popularity: Double) -> Movie {
    Movie(id: id, title: title, popularity: popularity)
  }

  @Test func titlePrefixesComeBeforeWordPrefixesBeforeSubstringsWhenRanked() {
    let movies = [
      movie(1, "Rockstar Summer", popularity: 900),
      movie(2, "The Weight of Stars", popularity: 800),
      movie(3, "Starling", popularity: 10),
      movie(4, "Northbound", popularity: 5000),
    ]
    #expect(
      OfflineRanking.rank("star", in: movies).map(\.title) == [
        "Starling", "The Weight of Stars", "Rockstar Summer",
      ])
  }

  @Test func tiesAreBrokenByPopularityDescendingWhenTheMatchIsAlike() {
    let movies = [
      movie(1, "Star Map", popularity: 10), movie(2, "Starboard", popularity: 30),
      movie(3, "Stardust", popularity: 20),
    ]
    #expect(OfflineRanking.rank("star", in: movies).map(\.id) == [2, 3, 1])
  }

  @Test func caseAccentsAndSpacingAreIgnoredWhenMatching() {
    let movies = [movie(1, "Amélie + Co.", popularity: 1), movie(2, "Café  Minuit", popularity: 2)]
    #expect(OfflineRanking.rank("  AMELIE + co ", in: movies).map(\.id) == [1])
    #expect(OfflineRanking.match("cafe minuit", title: "Café  Minuit") == .titlePrefix)
  }

  @Test func theBestMatchInATitleCountsWhenTheQueryAppearsTwice() {
    #expect(OfflineRanking.match("star", title: "Superstar Star") == .wordPrefix)
    #expect(OfflineRanking.match("star", title: "Star of Superstars") == .titlePrefix)
    #expect(OfflineRanking.match("star", title: "Superstar") == .substring)
    #expect(OfflineRanking.match("star", title: "Sta") == nil)
  }

  @Test func aMovieIsRankedOnceWhenItAppearsTwice() {
    let movies = [movie(1, "Starling", popularity: 1), movie(1, "Starling", popularity: 1)]
    #expect(OfflineRanking.rank("star", in: movies).count == 1)
  }

  @Test func nothingIsRankedWhenTheQueryHasNoWords() {
    #expect(OfflineRanking.rank("   ", in: SearchSamples.local).isEmpty)
  }

  @Test func theBundledCatalogRanksItsStarMoviesWhenSearchedOffline() {
    #expect(
      OfflineRanking.rank("star", in: SearchSamples.local).map(\.title) == [
        "Starfall Academy", "The Weight of Stars",
      ])
  }
}
