/// A calendar day as TMDB writes it: `"YYYY-MM-DD"`, with no time and no time zone.
///
/// TMDB's release dates are days, not instants, so they are kept as a day rather than a
/// `Date` (which would need a time zone to mean anything, and which `JSONDecoder`'s `.iso8601`
/// strategy refuses to read from a date-only string). It decodes from and encodes to the same
/// string, so a movie round-trips unchanged.
///
/// ```swift
/// let day = ReleaseDate("2024-02-29")  // ReleaseDate(year: 2024, month: 2, day: 29)
/// day?.description                     // "2024-02-29"
/// ReleaseDate("2023-02-29")            // nil: not a day of the calendar
/// ```
///
/// TMDB's empty string for an unknown date is not a `ReleaseDate`; ``Movie`` maps it to `nil`.
public struct ReleaseDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The year, such as `2024`.
  public let year: Int
  /// The month, `1` (January) through `12`.
  public let month: Int
  /// The day of the month, `1` through the month's last day.
  public let day: Int

  /// Creates a day from its parts.
  ///
  /// The parts must name a day of the proleptic Gregorian calendar between years 1 and 9999;
  /// anything else is a programming error and stops the program. Parse untrusted text with
  /// ``init(_:)`` instead, which returns `nil`.
  ///
  /// - Parameters:
  ///   - year: The year, `1` through `9999`.
  ///   - month: The month, `1` through `12`.
  ///   - day: The day of the month, `1` through the month's last day.
  public init(year: Int, month: Int, day: Int) {
    guard Self.isValid(year: year, month: month, day: day) else {
      preconditionFailure("ReleaseDate(year: \(year), month: \(month), day: \(day)) is not a day")
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses a day written `"YYYY-MM-DD"`, or returns `nil`.
  ///
  /// Exactly four digits, a dash, two digits, a dash, two digits, naming a real day (February
  /// 29th only in leap years). Surrounding spaces, times and time zones are rejected.
  ///
  /// - Parameter text: Text such as `"2024-02-29"`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      Self.isValid(year: year, month: month, day: day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Decodes a day from a `"YYYY-MM-DD"` string.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the text when it is not such a day (the
  ///   empty string included).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let parsed = ReleaseDate(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not a YYYY-MM-DD day")
    }
    self = parsed
  }

  /// Encodes the day as the `"YYYY-MM-DD"` string it was decoded from.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// The day written `"YYYY-MM-DD"`, zero-padded, as TMDB writes it.
  public var description: String {
    "\(Self.padded(year, to: 4))-\(Self.padded(month, to: 2))-\(Self.padded(day, to: 2))"
  }

  /// Whether `lhs` falls before `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A day.
  ///   - rhs: Another day.
  /// - Returns: `true` when `lhs` is the earlier day.
  public static func < (lhs: ReleaseDate, rhs: ReleaseDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func isValid(year: Int, month: Int, day: Int) -> Bool {
    guard (1...9999).contains(year), (1...12).contains(month) else { return false }
    let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lastDay =
      switch month {
      case 2: isLeapYear ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    return (1...lastDay).contains(day)
  }

  private static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
