import CalendarDay
import Foundation
import Testing

struct DayTests {
  @Test func codableRoundTripsAsISOText() throws {
    let day = try #require(Day(year: 2026, month: 12, day: 1))
    let data = try JSONEncoder().encode([day])
    #expect(String(decoding: data, as: UTF8.self) == #"["2026-12-01"]"#)
    #expect(try JSONDecoder().decode([Day].self, from: data) == [day])
  }

  @Test func decodingFailsWhenTheTextIsNotADay() {
    for text in ["2026-13-01", "2026-02-29", "26-12-01", "2026-12-1", "2026/12/01", "today"] {
      let json = Data(#"["\#(text)"]"#.utf8)
      #expect(throws: DecodingError.self, "\(text)") {
        try JSONDecoder().decode([Day].self, from: json)
      }
    }
  }

  @Test func parsesAndPrintsZeroPadded() throws {
    let day = try #require(Day("0987-03-04"))
    #expect(day.year == 987 && day.month == 3 && day.day == 4)
    #expect(day.description == "0987-03-04")
    #expect(Day("2028-02-29") != nil)
    #expect(Day("2100-02-29") == nil)
    #expect(Day("2000-02-29") != nil)
  }

  @Test func addingDaysCrossesMonthsYearsAndLeapDays() throws {
    let start = try #require(Day("2026-12-01"))
    #expect(start.adding(days: 0) == start)
    #expect(start.adding(days: 30).description == "2026-12-31")
    #expect(start.adding(days: 31).description == "2027-01-01")
    let leapEve = try #require(Day("2028-02-28"))
    #expect(leapEve.adding(days: 1).description == "2028-02-29")
    #expect(leapEve.adding(days: 2).description == "2028-03-01")
    let march = try #require(Day("2027-03-01"))
    #expect(march.adding(days: -1).description == "2027-02-28")
    #expect(start.adding(days: -365).description == "2025-12-01")
    let epoch = try #require(Day("1970-01-01"))
    #expect(epoch.adding(days: 20_423).description == "2025-12-01")
  }

  @Test func daysAreCountedOverTheWholeRangeAsTheGregorianCalendarCountsThem() throws {
    // Worked out with Python's datetime, not this code: from 1970-01-01, 0001-01-01 is
    // 719,162 days back and 9999-12-31 2,932,896 ahead; the days after the end of February of
    // a year divisible by 400 (0400, 2000, 9600), where the count's 400-year cycles turn.
    let epoch = try #require(Day("1970-01-01"))
    for (text, offset) in [
      ("0001-01-01", -719_162), ("0400-03-01", -573_371), ("2000-01-01", 10_957),
      ("2000-03-01", 11_017), ("2004-06-15", 12_584), ("9600-03-01", 2_786_860),
      ("9999-12-31", 2_932_896),
    ] {
      let day = try #require(Day(text))
      #expect(epoch.days(until: day) == offset, "\(text)")
      #expect(epoch.adding(days: offset) == day, "\(text)")
    }
    // 2000 and 2400 are leap years, 2100 is not.
    for (eve, next) in [
      ("2000-02-28", "2000-02-29"), ("2100-02-28", "2100-03-01"), ("2400-02-28", "2400-02-29"),
    ] {
      #expect(try #require(Day(eve)).adding(days: 1).description == next)
    }
    #expect(Day("2100-02-29") == nil)
  }

  @Test func daysUntilIsTheInverseOfAdding() throws {
    let start = try #require(Day("2026-12-01"))
    for offset in [-800, -1, 0, 1, 59, 366, 1_461] {
      #expect(start.days(until: start.adding(days: offset)) == offset)
    }
  }

  @Test func comparesInCalendarOrder() throws {
    let days = try ["2027-01-01", "2026-12-31", "2026-02-15"].map { try #require(Day($0)) }
    #expect(days.sorted().map(\.description) == ["2026-02-15", "2026-12-31", "2027-01-01"])
  }

  @Test func aDateBecomesTheDayOfItsTimeZone() throws {
    // 2026-12-01T23:30:00Z
    let instant = Date(timeIntervalSince1970: 1_796_167_800)
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    let auckland = try #require(TimeZone(secondsFromGMT: 13 * 3600))
    let honolulu = try #require(TimeZone(secondsFromGMT: -10 * 3600))
    #expect(Day(instant, in: utc).description == "2026-12-01")
    #expect(Day(instant, in: auckland).description == "2026-12-02")
    #expect(Day(instant, in: honolulu).description == "2026-12-01")
  }

  @Test func partsAreReadWhenTextIsADay() throws {
    let day = try #require(Day("2024-02-29"))
    #expect(day == Day(year: 2024, month: 2, day: 29))
    #expect(day.year == 2024)
    #expect(day.month == 2)
    #expect(day.day == 29)
  }

  @Test(arguments: [
    "", "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-01", "24-01-01",
    "2024-01-01T00:00:00Z", " 2024-01-01", "2024/01/01", "２０２４-01-01", "-2024-01-01",
  ])
  func parsingFailsWhenTextIsNotADay(_ text: String) {
    #expect(Day(text) == nil)
  }

  @Test func theSameTextIsWrittenWhenADayIsEncoded() throws {
    let json = Data(#"["2024-02-29","0999-01-05","1999-12-31"]"#.utf8)
    let days = try JSONDecoder().decode([Day].self, from: json)
    #expect(days.map(\.description) == ["2024-02-29", "0999-01-05", "1999-12-31"])
    #expect(try JSONEncoder().encode(days) == json)
  }
}
