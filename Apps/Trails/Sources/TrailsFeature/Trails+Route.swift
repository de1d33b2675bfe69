extension Trails {
  /// One screen on a tab's navigation path.
  public enum Route: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A region and its trails, by region id.
    case region(String)
    /// One trail, by trail id.
    case trail(String)

    /// `region(<id>)` or `trail(<id>)`.
    public var description: String {
      switch self {
      case .region(let id): "region(\(id))"
      case .trail(let id): "trail(\(id))"
      }
    }

    /// The trail's id when the route is a trail.
    public var trailID: String? {
      if case .trail(let id) = self { return id }
      return nil
    }
  }
}
