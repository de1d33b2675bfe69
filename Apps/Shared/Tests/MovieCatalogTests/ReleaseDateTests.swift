import Foundation
import MovieCatalog
import Testing

struct ReleaseDateTests {
  @Test func partsAreReadWhenTextIsADay() throws {
    let day = try #require(ReleaseDate("2024-02-29"))
    #expect(day == ReleaseDate(year: 2024, month: 2, day: 29))
    #expect(day.year == 2024)
    #expect(day.month == 2)
    #expect(day.day == 29)
  }

  @Test(arguments: [
    "", "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-01", "24-01-01",
    "2024-01-01T00:00:00Z", " 2024-01-01", "2024/01/01", "２０２４-01-01", "-2024-01-01",
  ])
  func parsingFailsWhenTextIsNotADay(_ text: String) {
    #expect(ReleaseDate(text) == nil)
  }

  @Test func theSameTextIsWrittenWhenADayIsEncoded() throws {
    let json = Data(#"["2024-02-29","0999-01-05","1999-12-31"]"#.utf8)
    let days = try JSONDecoder().decode([ReleaseDate].self, from: json)
    #expect(days.map(\.description) == ["2024-02-29", "0999-01-05", "1999-12-31"])
    #expect(try JSONEncoder().encode(days) == json)
  }

  @Test func decodingNamesTheTextWhenItIsNotADay() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ReleaseDate].self, from: Data(#"["2024-02-30"]"#.utf8))
    }
  }

  @Test func earlierDaysSortFirstWhenCompared() throws {
    let days = ["2024-03-01", "1999-12-31", "2024-02-29"].compactMap(ReleaseDate.init)
    #expect(days.sorted().map(\.description) == ["1999-12-31", "2024-02-29", "2024-03-01"])
  }
}
