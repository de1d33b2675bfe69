import CalendarDay
import TrailsModel

/// The weather forecast for one day at one place.
///
/// Open-Meteo sends `null` for values it does not have; they are `nil` here.
public struct DailyForecast: Hashable, Sendable, Codable, Identifiable {
  /// The local calendar day the values are for.
  public var date: Day
  /// The day's highest temperature 2 m above ground, in °C.
  public var maxC: Double?
  /// The day's lowest temperature 2 m above ground, in °C.
  public var minC: Double?
  /// The day's total rain, showers and snow, in millimetres.
  public var precipitationMm: Double?
  /// The day's most severe weather.
  public var code: WeatherCode

  /// Creates a day's forecast.
  ///
  /// - Parameters:
  ///   - date: The local calendar day.
  ///   - maxC: The highest temperature, in °C, if known.
  ///   - minC: The lowest temperature, in °C, if known.
  ///   - precipitationMm: The total precipitation, in mm, if known.
  ///   - code: The day's weather.
  public init(
    date: Day, maxC: Double?, minC: Double?, precipitationMm: Double?, code: WeatherCode
  ) {
    self.date = date
    self.maxC = maxC
    self.minC = minC
    self.precipitationMm = precipitationMm
    self.code = code
  }

  /// The day, which identifies it within its forecast.
  public var id: Day { date }
}
