import CalendarDay
import Testing
import TrailsModel

struct PlanTotalsTests {
  @Test func naismithIsThreeHoursWhenTenKilometresClimbSixHundredMetres() {
    #expect(PlanTotals.naismith(distanceKm: 10, ascentM: 600) == .seconds(3 * 3600))
    #expect(PlanTotals(distanceKm: 10, ascentM: 600).estimatedTime == .seconds(3 * 3600))
  }

  @Test func naismithCountsFiveKilometresAnHourWhenFlat() {
    #expect(PlanTotals.naismith(distanceKm: 5, ascentM: 0) == .seconds(3600))
    #expect(PlanTotals.naismith(distanceKm: 0, ascentM: 300) == .seconds(1800))
    #expect(PlanTotals.zero.estimatedTime == .zero)
  }

  @Test func planTotalsAddEveryTrailOfEveryDay() throws {
    let catalog = try TrailCatalog.fixtures()
    let plan = Plan(
      start: try #require(Day("2026-12-01")),
      days: [
        PlanDay(number: 1, trailIDs: ["gull-point-loop", "tidepool-steps"]),
        PlanDay(number: 2),
        PlanDay(number: 3, trailIDs: ["lantern-cliffs-traverse"]),
      ])
    let totals = PlanTotals(plan: plan, catalog: catalog)
    #expect(abs(totals.distanceKm - (6.4 + 3.2 + 18.6)) < 1e-9)
    #expect(totals.ascentM == 120 + 85 + 980)
    // 28.2 km * 720 s + 1185 m * 6 s = 20304 s + 7110 s
    #expect(totals.estimatedTime == .seconds(27_414))
  }

  @Test func dayTotalsCountOnlyThatDay() throws {
    let catalog = try TrailCatalog.fixtures()
    let day = PlanDay(number: 2, trailIDs: ["cinder-corrie"])
    #expect(PlanTotals(day: day, catalog: catalog) == PlanTotals(distanceKm: 9.7, ascentM: 610))
  }

  @Test func unknownTrailIDsAddNothing() throws {
    let catalog = try TrailCatalog.fixtures()
    let day = PlanDay(number: 1, trailIDs: ["no-such-trail"])
    #expect(PlanTotals(day: day, catalog: catalog) == .zero)
  }
}
