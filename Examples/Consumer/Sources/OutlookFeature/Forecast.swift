/// The weather a place will have: what the outlook shows.
public enum Forecast: Hashable, Sendable {
  /// Nothing known yet.
  case unknown
  /// Clear skies.
  case sunny
  /// Clouds, no rain.
  case cloudy
  /// Rain.
  case rain
}

/// Why a forecast could not be shown.
public enum ForecastError: Error, Hashable, Sendable {
  /// The service knows no place by that name.
  case unknownPlace(String)
  /// The service could not be reached.
  case unavailable

  /// What went wrong, in one line for the user.
  public var userMessage: String {
    switch self {
    case .unknownPlace(let place): "no forecast for '\(place)'"
    case .unavailable: "the forecast service is unavailable; try again"
    }
  }
}
