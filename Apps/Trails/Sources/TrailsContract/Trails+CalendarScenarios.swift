import CalendarDay
import Foundation
import LoopContracts
import TrailsFeature
import TrailsModel

extension Trails {
  /// How days are dated.
  ///
  /// Day N of a plan is N - 1 days after its start, on the proleptic Gregorian calendar;
  /// today is the day in the user's time zone (docs/apps/trails.md). Every date is worked out
  /// here by hand.
  static let calendarScenarios: [Scenario<Trails>] = [
    Scenario("a plan's days are dated across month, year and leap-day boundaries") { context in
      let cases: [(start: String, day: Int, date: String)] = [
        ("2028-02-28", 2, "2028-02-29"), ("2028-02-28", 3, "2028-03-01"),
        ("2100-02-28", 2, "2100-03-01"), ("2000-02-28", 2, "2000-02-29"),
        ("1900-02-28", 2, "1900-03-01"), ("2026-12-31", 2, "2027-01-01"),
        ("2026-12-01", 31, "2026-12-31"), ("2026-03-31", 2, "2026-04-01"),
        ("2024-12-31", 61, "2025-03-01"), ("0001-01-01", 366, "0002-01-01"),
        ("0001-03-01", 1, "0001-03-01"), ("9999-12-30", 2, "9999-12-31"),
        ("2026-01-31", 29, "2026-02-28"), ("2026-09-30", 2, "2026-10-01"),
      ]
      for (start, number, date) in cases {
        guard let first = Day(start) else {
          context.check(false, "\(start) does not parse")
          continue
        }
        let dated = Plan(start: first).date(of: PlanDay(number: number)).description
        context.check(dated == date, "day \(number) from \(start): \(dated), not \(date)")
        context.check(
          Day(dated)?.adding(days: 1 - number) == first, "\(dated) back to \(start)")
      }
    },
    Scenario("today is the day in the given time zone") { context in
      let utc = TimeZone(secondsFromGMT: 0) ?? .current
      let cases: [(seconds: TimeInterval, offset: Int, day: String)] = [
        (0, 0, "1970-01-01"), (-1, 0, "1969-12-31"), (-3_600, 3_600, "1970-01-01"),
        (1_764_547_200, 0, "2025-12-01"), (1_764_547_199, 0, "2025-11-30"),
        (1_764_547_199, 3_600, "2025-12-01"), (1_764_547_200, -1, "2025-11-30"),
      ]
      for (seconds, offset, expected) in cases {
        let zone = TimeZone(secondsFromGMT: offset) ?? utc
        let day = Day(Date(timeIntervalSince1970: seconds), in: zone).description
        context.check(day == expected, "\(seconds) s at UTC\(offset): \(day), not \(expected)")
      }
    },
  ]
}
