import CalendarDay
import Foundation
import Testing
import TrailsModel

struct PlanTests {
  @Test func eachDayFallsOnTheStartDayPlusItsNumberMinusOne() throws {
    let plan = Plan(
      start: try #require(Day("2026-12-30")),
      days: (1...3).map { PlanDay(number: $0) })
    #expect(
      plan.days.map { plan.date(of: $0).description } == [
        "2026-12-30", "2026-12-31", "2027-01-01",
      ])
  }

  @Test func codableRoundTripsWithTheStartAsText() throws {
    let plan = Plan(
      start: try #require(Day("2026-12-01")),
      days: [PlanDay(number: 1, trailIDs: ["gull-point-loop"]), PlanDay(number: 2)])
    let data = try JSONEncoder().encode(plan)
    #expect(String(decoding: data, as: UTF8.self).contains(#""start":"2026-12-01""#))
    #expect(try JSONDecoder().decode(Plan.self, from: data) == plan)
  }
}
