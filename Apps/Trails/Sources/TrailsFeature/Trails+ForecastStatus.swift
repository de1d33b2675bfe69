import Weather

extension Trails {
  /// Where one forecast request stands.
  public enum ForecastStatus: Hashable, Sendable, Codable {
    /// Requested, not answered yet.
    case loading
    /// Answered with the 7-day forecast at the trailhead.
    case loaded(Forecast)
    /// Failed, with one line for the user.
    case failed(String)

    /// Whether the request is still waiting for its answer.
    public var isLoading: Bool { self == .loading }
  }
}
