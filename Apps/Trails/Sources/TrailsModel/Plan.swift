import CalendarDay

/// A trip: the day it starts and the trails walked on each day.
///
/// ```swift
/// let plan = Plan(
///   start: try #require(Day("2026-12-01")),
///   days: [PlanDay(number: 1, trailIDs: ["gull-point-loop"]), PlanDay(number: 2)])
/// let second = plan.date(of: plan.days[1])  // 2026-12-02
/// ```
///
/// Days are kept in ``days`` in order, numbered from 1; a ``PlanDatabase`` saves and restores
/// the value exactly as it is.
public struct Plan: Hashable, Sendable, Codable {
  /// The calendar day of day 1.
  public var start: Day
  /// The plan's days, in order, numbered from 1.
  public var days: [PlanDay]

  /// Creates a plan.
  ///
  /// - Parameters:
  ///   - start: The calendar day of day 1.
  ///   - days: The days, in order, numbered from 1; none by default.
  public init(start: Day, days: [PlanDay] = []) {
    self.start = start
    self.days = days
  }

  /// The calendar day on which `day` falls: the start day for day 1, the next for day 2.
  ///
  /// - Parameter day: A day of this plan.
  /// - Returns: ``start`` moved by `day.number - 1` days.
  public func date(of day: PlanDay) -> Day {
    start.adding(days: day.number - 1)
  }
}
