extension Trails {
  /// A request the planner could not carry out; nothing else changed.
  public enum Problem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The text is not a trails link.
    case malformedLink(String)
    /// No region has this id.
    case unknownRegion(String)
    /// No trail has this id.
    case unknownTrail(String)
    /// The day is outside ``Trails/dayRange``.
    case dayOutOfRange(Int)
    /// The trail is already planned on that day.
    case alreadyPlanned(trailID: String, day: Int)
    /// The trail is not planned on that day (`nil`: on any day).
    case notPlanned(trailID: String, day: Int?)
    /// The trail is planned on several days and the edit did not say which.
    case ambiguousDay(trailID: String, days: [Int])
    /// The plan has no such day.
    case noSuchDay(Int)
    /// Regions open in the explore tab, not in the plan tab.
    case regionOutsideExplore(String)
    /// An edit that applied when it was made no longer applies to the plan as another
    /// process changed it; the edit was not kept.
    indirect case changedElsewhere(Problem)

    /// One line for the user.
    public var message: String {
      switch self {
      case .malformedLink(let text):
        "'\(text)' is not a trails link (expected trails://region/<id>, trails://trail/<id> "
          + "or trails://plan)"
      case .unknownRegion(let id): "there is no region '\(id)'"
      case .unknownTrail(let id): "there is no trail '\(id)'"
      case .dayOutOfRange(let day):
        "day \(day) is outside the plan (days \(Trails.dayRange.lowerBound) to "
          + "\(Trails.dayRange.upperBound))"
      case .alreadyPlanned(let id, let day): "\(id) is already planned on day \(day)"
      case .notPlanned(let id, let day?): "\(id) is not planned on day \(day)"
      case .notPlanned(let id, nil): "\(id) is not in the plan"
      case .ambiguousDay(let id, let days):
        "\(id) is planned on days \(days.map(String.init).joined(separator: ", ")); "
          + "say which day to move it from"
      case .noSuchDay(let day): "the plan has no day \(day)"
      case .regionOutsideExplore(let id): "region '\(id)' opens in the explore tab"
      case .changedElsewhere(let problem):
        "your edit was not kept: the plan was changed elsewhere and now \(problem.message)"
      }
    }

    /// The same line as ``message``.
    public var description: String { message }
  }
}
