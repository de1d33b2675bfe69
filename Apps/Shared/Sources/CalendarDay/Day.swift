import Foundation

/// A calendar day (proleptic Gregorian, years 1 to 9999), without a time or a time zone.
///
/// A movie's release date, the day a trails plan starts and each day of a forecast are days,
/// not instants: `Date` would need a time zone to mean anything, and `JSONDecoder`'s
/// `.iso8601` strategy refuses a date-only string. A day reads and writes as `"YYYY-MM-DD"`
/// (its ``description``), which is also its `Codable` form, so it decodes TMDB's
/// `release_date` and Open-Meteo's `daily.time` and encodes back to the same text.
///
/// ```swift
/// let start = try #require(Day("2026-12-01"))
/// let end = start.adding(days: 31)  // 2027-01-01
/// ```
public struct Day: Hashable, Sendable, Comparable, Codable, LosslessStringConvertible {
  /// The year, from 1 to 9999.
  public let year: Int
  /// The month, from 1 (January) to 12.
  public let month: Int
  /// The day of the month, from 1.
  public let day: Int

  /// Creates the day `year`-`month`-`day`, or `nil` when no such day exists.
  ///
  /// - Parameters:
  ///   - year: The year, from 1 to 9999.
  ///   - month: The month, from 1 to 12.
  ///   - day: The day of the month, from 1 to the month's length (29 February only in leap
  ///     years).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CivilCalendar.length(ofMonth: month, in: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `"YYYY-MM-DD"` (exactly four, two and two digits), or returns `nil`.
  ///
  /// - Parameter description: Text such as `"2026-12-01"`.
  public init?(_ description: String) {
    let parts = description.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day containing `date` in `timeZone`.
  ///
  /// - Parameters:
  ///   - date: An instant.
  ///   - timeZone: Where the day is reckoned; the current time zone by default.
  public init(_ date: Date, in timeZone: TimeZone = .current) {
    let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
    self.init(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
  }

  /// The day `days` days after this one (before it when negative).
  ///
  /// - Parameter days: How many days to move; may be negative.
  /// - Returns: The day reached; `start.adding(days: 0) == start`.
  public func adding(days: Int) -> Day {
    Day(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// How many days lie from this day to `other`: negative when `other` is earlier.
  ///
  /// - Parameter other: Another day.
  /// - Returns: The number of days such that `adding(days:)` with it gives `other`.
  public func days(until other: Day) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  /// The day as `"YYYY-MM-DD"`, zero-padded.
  public var description: String {
    "\(Self.pad(year, to: 4))-\(Self.pad(month, to: 2))-\(Self.pad(day, to: 2))"
  }

  /// Whether `lhs` comes before `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A day.
  ///   - rhs: Another day.
  /// - Returns: `true` when `lhs` is earlier.
  public static func < (lhs: Day, rhs: Day) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Decodes a day from a `"YYYY-MM-DD"` string.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a valid day.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = Day(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a day as YYYY-MM-DD, found \"\(text)\"")
    }
    self = day
  }

  /// Encodes the day as a `"YYYY-MM-DD"` string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Days since 1970-01-01 (negative before it).
  private var daysSinceEpoch: Int {
    CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
  }

  /// The day `days` days after 1970-01-01; it must fall within years 1 to 9999.
  private init(daysSinceEpoch days: Int) {
    let civil = CivilCalendar.civil(daysSinceEpoch: days)
    precondition(
      (1...9999).contains(civil.year),
      "Day: \(days) days from 1970-01-01 falls in year \(civil.year), outside 1...9999")
    self.year = civil.year
    self.month = civil.month
    self.day = civil.day
  }

  /// `value` in decimal, left-padded with zeros to `width` digits.
  private static func pad(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
