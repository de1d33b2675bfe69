/// A WMO weather interpretation code, as Open-Meteo's `weather_code`, and its words.
///
/// Any code, known or not, is kept: an unknown one (or a missing one, `nil`) reads
/// "unknown" and never stops a forecast from decoding.
///
/// ```swift
/// let rain = WeatherCode(wmo: 63).words  // "rain"
/// let unknown = WeatherCode(wmo: 42).words  // "unknown"
/// ```
public struct WeatherCode: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The WMO code as given, or `nil` when the forecast had none for the day.
  public var wmo: Int?

  /// Wraps a WMO code.
  ///
  /// - Parameter wmo: The code, or `nil` when there was none.
  public init(wmo: Int?) {
    self.wmo = wmo
  }

  /// Whether the code is one the app has words for.
  public var isKnown: Bool { Self.words(for: wmo) != nil }

  /// The weather in a few lowercase words: "clear", "partly cloudy", "snow showers", ...;
  /// "unknown" for an unknown or missing code.
  public var words: String { Self.words(for: wmo) ?? "unknown" }

  /// The same as ``words``.
  public var description: String { words }

  /// Decodes a code from a number or `null`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the value is neither an integer nor `null`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wmo = container.decodeNil() ? nil : try container.decode(Int.self)
  }

  /// Encodes the code as a number, or `null` when there is none.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wmo { try container.encode(wmo) } else { try container.encodeNil() }
  }

  /// The words for the WMO code `wmo`, or `nil` when it is not one Open-Meteo documents.
  private static func words(for wmo: Int?) -> String? {
    guard let wmo else { return nil }
    return switch wmo {
    case 0: "clear"
    case 1: "mainly clear"
    case 2: "partly cloudy"
    case 3: "overcast"
    case 45, 48: "fog"
    case 51...57: "drizzle"
    case 61...67: "rain"
    case 71...77: "snow"
    case 80...82: "rain showers"
    case 85, 86: "snow showers"
    case 95...99: "thunderstorm"
    default: nil
    }
  }
}
