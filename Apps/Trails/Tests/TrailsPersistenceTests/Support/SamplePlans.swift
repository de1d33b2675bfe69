import CalendarDay
import Testing
import TrailsModel

/// Plans, and changes to them, for the persistence tests.
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

  /// One empty day, the plan a first change starts from.
  static func emptyDay() throws -> Plan {
    Plan(start: try #require(Day("2027-05-01")), days: [PlanDay(number: 1)])
  }

  /// A change that appends `trail` to the first day of the stored plan, or of `base` when
  /// nothing is stored: one process's edit, as a feature hands it to `update`.
  static func appending(_ trail: String, to base: Plan) -> @Sendable (Plan?) -> Plan {
    { stored in
      var plan = stored ?? base
      plan.days[0].trailIDs.append(trail)
      return plan
    }
  }
}
