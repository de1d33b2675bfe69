extension Trails {
  /// Names one planned forecast request: a day of the plan and a trail walked that day.
  ///
  /// Each key has its own request for as long as it stays in the plan; a key that leaves the
  /// plan (the day or the trail removed, the trail moved) cancels its request.
  public struct ForecastKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The day's number in the plan.
    public var day: Int
    /// The trail's id.
    public var trailID: String

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - day: The day's number in the plan.
    ///   - trailID: The trail's id.
    public init(day: Int, trailID: String) {
      self.day = day
      self.trailID = trailID
    }

    /// Orders keys by day, then by trail id.
    ///
    /// - Parameters:
    ///   - lhs: A key.
    ///   - rhs: Another key.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: ForecastKey, rhs: ForecastKey) -> Bool {
      (lhs.day, lhs.trailID) < (rhs.day, rhs.trailID)
    }

    /// `day <n>/<trail id>`.
    public var description: String { "day \(day)/\(trailID)" }
  }
}
