import CommandLineParsing
import Foundation
import Terminal

/// Encodes values for `--json` output, in the one style every app's JSON has.
///
/// - Keys are `snake_case` (a Swift property `releaseDate` is `release_date`) and sorted, so
///   the output is stable and scripts and tests can compare it byte for byte.
/// - Every key of a document is always there: an unknown value is `null`
///   (``JSONNullable``), never a missing key.
/// - Numbers are what they measure: kilometres to 0.1, seconds as whole numbers; nothing is
///   printed with floating-point noise (`18.2`, not `18.200000000000003`).
/// - Pretty printed, one document per call, followed by a newline.
///
/// ```swift
/// if arguments.json {
///   try JSONOutput.write(movies)
/// }
/// ```
public enum JSONOutput {
  /// The encoder every `--json` output uses.
  ///
  /// Sorted `snake_case` keys, pretty printed, slashes left unescaped (`"/poster.jpg"`, not
  /// `"\/poster.jpg"`). Dates and other strategies keep their defaults.
  ///
  /// - Returns: A new encoder.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
  }

  /// Encodes `value` as JSON text.
  ///
  /// Uses ``encoder()``; the text has no trailing newline.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: The JSON document.
  /// - Throws: `EncodingError` when the value cannot be encoded.
  public static func string(_ value: some Encodable) throws -> String {
    String(decoding: try encoder().encode(value), as: UTF8.self)
  }

  /// Encodes `value` and writes it, followed by a newline, to `output`.
  ///
  /// Encoding happens before anything is written, so a failure leaves the output empty.
  ///
  /// - Parameters:
  ///   - value: The value to encode.
  ///   - output: Where the text goes; standard output by default.
  /// - Throws: `EncodingError` when the value cannot be encoded.
  public static func write(
    _ value: some Encodable, to output: (String) -> Void = StandardOutput.write
  ) throws {
    output(try string(value) + "\n")
  }
}
