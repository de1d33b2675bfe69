import CalendarDay
import TrailsModel

extension Trails {
  /// A change to the plan the user asks for.
  ///
  /// An edit that cannot be carried out (an unknown trail, a day out of range, a trail twice
  /// on one day) leaves the plan as it was and sets ``State/problem``.
  public enum PlanEdit: Hashable, Sendable, Codable {
    /// Walk a trail on day `day`; days up to it are added when the plan is shorter.
    case add(trailID: String, day: Int)
    /// Stop walking a trail on day `day`, or on every day when `day` is `nil`.
    case remove(trailID: String, day: Int?)
    /// Walk a trail on day `to` instead of day `from`; `from` may be left out when the trail is
    /// on one day only.
    case move(trailID: String, from: Int?, to: Int)
    /// Remove day `day` and its trails; later days move one earlier.
    case removeDay(Int)
    /// Start the trip on another day.
    case setStart(Day)
    /// Remove every day; the start day stays.
    case clear
  }
}
