extension Trails {
  /// The planner's two tabs.
  public enum Tab: String, Hashable, Sendable, Codable, CaseIterable {
    /// Regions and their trails.
    case explore
    /// The plan, day by day.
    case plan
  }
}
