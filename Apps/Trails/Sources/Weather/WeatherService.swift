import TrailsModel

/// Where forecasts come from: the weather capability.
///
/// A struct of one closure, so a feature takes whichever service it is given:
/// ``live(baseURL:recording:clock:retryPolicy:)`` (Open-Meteo, or `fixture-server` through `baseURL`),
/// ``fixtures`` for offline runs and tests, or ``failing(_:)``.
///
/// ```swift
/// let weather = WeatherService.fixtures
/// let forecast = try await weather.forecast(trail.trailhead)
/// ```
public struct WeatherService: Sendable {
  /// The 7-day daily forecast for a coordinate.
  ///
  /// Throws ``WeatherError`` for anything a user should hear about, and `CancellationError`
  /// when the calling task was cancelled (a superseded request), which is not an error to show.
  public var forecast: @Sendable (Coordinate) async throws -> Forecast

  /// Creates a service from its one operation.
  ///
  /// - Parameter forecast: Returns the daily forecast for a coordinate.
  public init(forecast: @escaping @Sendable (Coordinate) async throws -> Forecast) {
    self.forecast = forecast
  }
}
