/// One day of a ``Plan``: its number and the trails walked that day, in order.
public struct PlanDay: Hashable, Sendable, Codable, Identifiable {
  /// The day's number in the plan, counted from 1 (day 1 is the plan's start day).
  public var number: Int
  /// The ``Trail/id`` of each trail walked that day, in walking order; may be empty.
  public var trailIDs: [String]

  /// Creates a plan day.
  ///
  /// - Parameters:
  ///   - number: The day's number, counted from 1.
  ///   - trailIDs: The trails walked that day, in order.
  public init(number: Int, trailIDs: [String] = []) {
    self.number = number
    self.trailIDs = trailIDs
  }

  /// The day's ``number``, which identifies it within its plan.
  public var id: Int { number }
}
