#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output, written unbuffered so a pipe sees each line at once.
///
/// A write that fails ends the program, the same way in every app and mode:
/// - a closed pipe (`movies | head -1`): exit 0 at once, printing nothing. The reader has
///   what it asked for; dying of `SIGPIPE` (status 141) would fail a `set -o pipefail`
///   script that did nothing wrong. `CLI` ignores `SIGPIPE` so the write reports `EPIPE`.
/// - any other failure (`> /dev/full`): `error: cannot write to standard output: <reason>`
///   on standard error, exit 1: output was lost, and a script must know.
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
    if let failure = FileDescriptorWriter.write(text, to: STDOUT_FILENO) {
      OutputFailure.end(failure)
    }
  }

  /// Writes `line` followed by a newline.
  ///
  /// The line and its newline go out in one `write(2)`.
  ///
  /// - Parameter line: The line, without its newline.
  public static func writeLine(_ line: String) {
    write(line + "\n")
  }
}
