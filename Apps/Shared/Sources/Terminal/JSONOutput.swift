import Foundation

/// Encodes values for `--json` output: sorted keys, pretty printed, one document per call.
///
/// Sorted keys make the output stable, so scripts and tests can compare it byte for byte.
///
/// ```swift
/// if parsed.flag("json") {
///   try JSONOutput.write(movies)
/// }
/// ```
public enum JSONOutput {
  /// The encoder every `--json` output uses.
  ///
  /// Sorted keys, pretty printed, slashes left unescaped (`"/poster.jpg"`, not
  /// `"\/poster.jpg"`). Dates and other strategies keep their defaults; set them on the
  /// returned encoder when a type needs something else.
  ///
  /// - Returns: A new encoder.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
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
