#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output, written unbuffered so a pipe sees each line at once.
///
/// Each call is one `write(2)` of the whole text: no buffer to flush, no interleaving with
/// ``StandardError`` out of order. Use it instead of `print` in the apps (`print` to a pipe is
/// block-buffered, so a scripted run would see nothing until exit). It is also a
/// `TextOutputStream`, for `print(_:to:)`:
///
/// ```swift
/// StandardOutput.writeLine("3 pages loaded")
/// var out = StandardOutput()
/// print("done", to: &out)
/// ```
public struct StandardOutput: TextOutputStream, Sendable {
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
  /// Use it for frames and prompts; ``writeLine(_:)`` for lines.
  ///
  /// - Parameter text: The text to write.
  public static func write(_ text: String) {
    FileDescriptorWriter.write(text, to: STDOUT_FILENO)
  }

  /// Writes `line` followed by a newline.
  ///
  /// The line and its newline go out in one `write(2)`.
  ///
  /// - Parameter line: The line, without its newline.
  public static func writeLine(_ line: String) {
    FileDescriptorWriter.write(line + "\n", to: STDOUT_FILENO)
  }
}
