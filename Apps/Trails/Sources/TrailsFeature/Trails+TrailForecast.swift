extension Trails {
  /// The forecast of the trail on screen.
  public struct TrailForecast: Hashable, Sendable, Codable {
    /// The trail on screen.
    public var trailID: String
    /// Where its forecast request stands.
    public var status: ForecastStatus

    /// Creates the forecast of a trail.
    ///
    /// - Parameters:
    ///   - trailID: The trail on screen.
    ///   - status: Where its request stands.
    public init(trailID: String, status: ForecastStatus) {
      self.trailID = trailID
      self.status = status
    }
  }
}
