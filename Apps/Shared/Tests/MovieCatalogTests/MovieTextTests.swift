import CalendarDay
import MovieCatalog
import Testing

/// The title, year and rating as both movie apps print them.
struct MovieTextTests {
  @Test func anUnknownYearIsADashAndAKnownOneFourDigits() {
    let dated = Movie(
      id: 1, title: "The Lantern Keeper", releaseDate: Day(year: 1998, month: 3, day: 9)!)
    let undated = Movie(id: 2, title: "Untitled Reel")

    #expect(dated.titleAndYear == "The Lantern Keeper (1998)")
    #expect(undated.titleAndYear == "Untitled Reel (—)")
  }

  @Test(arguments: [
    (8.677, "8.7"), (8.65, "8.7"), (6.25, "6.3"), (0, "0.0"), (10, "10.0"), (7.04, "7.0"),
  ])
  func theRatingHasOneDecimalWithHalvesRoundedUp(value: Double, text: String) {
    #expect(Movie(id: 1, title: "T", voteAverage: value).ratingText == text)
  }
}
