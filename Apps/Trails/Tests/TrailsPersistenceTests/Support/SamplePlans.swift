import Testing
import TrailsModel

/// Plans for the persistence tests.
enum SamplePlans {
  /// Three days, one of them empty, with several trails in order.
  static func threeDays() throws -> Plan {
    Plan(
      start: try #require(Day("2026-12-01")),
      days: [
        PlanDay(number: 1, trailIDs: ["gull-point-loop", "tidepool-steps"]),
        PlanDay(number: 2),
        PlanDay(number: 3, trailIDs: ["lantern-cliffs-traverse", "driftwood-headland", "x"]),
      ])
  }

  /// One day with one trail, starting on `start`.
  static func oneDay(start: String = "2027-01-15", trail: String = "cinder-corrie") throws -> Plan {
    Plan(start: try #require(Day(start)), days: [PlanDay(number: 1, trailIDs: [trail])])
  }
}
