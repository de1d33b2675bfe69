#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard error, written unbuffered so messages appear at once.
///
/// Each call is one `write(2)` of the whole text. Swift 6 rejects `fputs(_, stderr)` (C
/// globals are not concurrency-safe); this is the replacement. Errors, notices ("offline:
/// using bundled fixtures") and usage messages go here, so stdout stays clean for `--json`.
/// It is also a `TextOutputStream`, for `print(_:to:)`:
///
/// ```swift
/// StandardError.writeLine("error: no such trail 'ben-nevis'")
/// var err = StandardError()
/// print("notice: offline", to: &err)
/// ```
public struct StandardError: TextOutputStream, Sendable {
  /// Creates a stream value for `print(_:to:)`.
  ///
  /// The value holds nothing: every instance writes to the same descriptor.
  public init() {}

  /// Writes `string` as is; the `TextOutputStream` requirement.
  ///
  /// - Parameter string: The text to write.
  public mutating func write(_ string: String) {
    Self.write(string)
  }

  /// Writes `text` as is, with no newline added.
  ///
  /// Use ``writeLine(_:)`` for whole lines.
  ///
  /// - Parameter text: The text to write.
  public static func write(_ text: String) {
    FileDescriptorWriter.write(text, to: STDERR_FILENO)
  }

  /// Writes `line` followed by a newline.
  ///
  /// The line and its newline go out in one `write(2)`.
  ///
  /// - Parameter line: The line, without its newline.
  public static func writeLine(_ line: String) {
    FileDescriptorWriter.write(line + "\n", to: STDERR_FILENO)
  }
}
