import CalendarDay
import TrailsModel

/// A daily forecast for one place, decoded from (and encoded to) Open-Meteo's shape.
///
/// Open-Meteo sends days as parallel arrays under `daily`:
///
/// ```json
/// {"latitude": 44.62, "longitude": -124.06, "timezone": "America/Los_Angeles", ...,
///  "daily": {"time": ["2026-12-01", ...], "temperature_2m_max": [11.2, ...],
///            "temperature_2m_min": [6.1, ...], "precipitation_sum": [4.2, null, ...],
///            "weather_code": [61, ...]}}
/// ```
///
/// The keys are spelled out (`JSONDecoder`'s `.convertFromSnakeCase` would
/// turn `temperature_2m_max` into `temperature2MMax`): decode with a plain `JSONDecoder`.
/// `null` values become `nil`; arrays of different lengths fail to decode.
public struct Forecast: Hashable, Sendable, Codable {
  /// The forecast days, in the order given (earliest first).
  public var days: [DailyForecast]

  /// Creates a forecast.
  ///
  /// - Parameter days: The forecast days, earliest first.
  public init(days: [DailyForecast]) {
    self.days = days
  }

  /// The forecast for `date`, or `nil` when the forecast does not reach it.
  ///
  /// - Parameter date: A calendar day.
  /// - Returns: That day's forecast.
  public func day(_ date: Day) -> DailyForecast? {
    days.first { $0.date == date }
  }

  /// The top-level keys read: only `daily`; the others (place, time zone, units) are skipped.
  private enum CodingKeys: String, CodingKey {
    case daily
  }

  /// The keys of the `daily` object, as Open-Meteo spells them.
  private enum DailyKeys: String, CodingKey {
    case time
    case maxC = "temperature_2m_max"
    case minC = "temperature_2m_min"
    case precipitationMm = "precipitation_sum"
    case code = "weather_code"
  }

  /// Decodes Open-Meteo's `daily` parallel arrays into days.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a key is missing, a value has the wrong type, a day is not
  ///   `YYYY-MM-DD`, or the arrays differ in length.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let daily = try container.nestedContainer(keyedBy: DailyKeys.self, forKey: .daily)
    let dates = try daily.decode([Day].self, forKey: .time)
    let maxima = try daily.decode([Double?].self, forKey: .maxC)
    let minima = try daily.decode([Double?].self, forKey: .minC)
    let precipitation = try daily.decode([Double?].self, forKey: .precipitationMm)
    let codes = try daily.decode([WeatherCode].self, forKey: .code)
    let lengths: [(DailyKeys, Int)] = [
      (.maxC, maxima.count), (.minC, minima.count), (.precipitationMm, precipitation.count),
      (.code, codes.count),
    ]
    for (key, count) in lengths where count != dates.count {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: daily,
        debugDescription: "\(count) values for \(dates.count) days in \(key.stringValue)")
    }
    days = dates.indices.map { index in
      DailyForecast(
        date: dates[index], maxC: maxima[index], minC: minima[index],
        precipitationMm: precipitation[index], code: codes[index])
    }
  }

  /// Encodes the days as Open-Meteo's `daily` parallel arrays.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var daily = container.nestedContainer(keyedBy: DailyKeys.self, forKey: .daily)
    try daily.encode(days.map(\.date), forKey: .time)
    try daily.encode(days.map(\.maxC), forKey: .maxC)
    try daily.encode(days.map(\.minC), forKey: .minC)
    try daily.encode(days.map(\.precipitationMm), forKey: .precipitationMm)
    try daily.encode(days.map(\.code), forKey: .code)
  }
}
