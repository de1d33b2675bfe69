/// Reads delays written as on the command line: `200ms`, `1.5s`, `0`.
///
/// ```swift
/// DelaySyntax.parse("200ms")  // .milliseconds(200)
/// DelaySyntax.parse("1.5s")   // .milliseconds(1500)
/// DelaySyntax.parse("200")    // nil: say which unit
/// ```
public enum DelaySyntax {
  /// The longest delay accepted: one hour.
  ///
  /// A longer one is almost certainly a typo.
  public static let maximum = Duration.seconds(3600)

  /// The duration `text` names: a non-negative decimal number followed by `ms` or `s`
  /// (`0` alone is also accepted), at most ``maximum``.
  ///
  /// - Parameter text: Such as `200ms`, `0.25s` or `0`.
  /// - Returns: The duration, rounded to whole microseconds, or `nil` when `text` is not one.
  public static func parse(_ text: String) -> Duration? {
    let number: Substring
    let microsecondsPerUnit: Double
    if text.hasSuffix("ms") {
      number = text.dropLast(2)
      microsecondsPerUnit = 1_000
    } else if text.hasSuffix("s") {
      number = text.dropLast()
      microsecondsPerUnit = 1_000_000
    } else if text == "0" {
      return .zero
    } else {
      return nil
    }
    guard !number.isEmpty,
      number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(number)
    else { return nil }
    let microseconds = (value * microsecondsPerUnit).rounded()
    guard microseconds <= 3_600_000_000 else { return nil }
    let duration = Duration.microseconds(Int64(microseconds))
    return duration <= maximum ? duration : nil
  }
}
