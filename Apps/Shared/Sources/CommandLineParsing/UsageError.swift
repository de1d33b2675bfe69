/// A command line that does not fit its ``CommandSpec``: one line saying what is wrong, and
/// the usage line.
///
/// Its ``description`` is what the user sees on standard error before the app exits with
/// `ExitCode.usage` (2):
///
/// ```
/// error: unknown option '--pagez' (did you mean '--pages'?)
/// usage: movies [options]
/// ```
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, without the `error: ` prefix.
  public var message: String
  /// The usage line of the command being parsed, starting with `usage: `.
  public var usage: String

  /// Creates a usage error.
  ///
  /// Apps that validate arguments further (a day out of range) can throw their own, with the
  /// usage line from ``ParsedArguments/usage``.
  ///
  /// Control characters in `message` (a newline inside an argument the user typed, an
  /// escape sequence) are written as escapes such as `\n`, so the error stays one line and
  /// cannot drive the terminal.
  ///
  /// - Parameters:
  ///   - message: What is wrong, one line, without the `error: ` prefix.
  ///   - usage: The usage line.
  public init(_ message: String, usage: String) {
    self.message = Self.escapingControlCharacters(message)
    self.usage = usage
  }

  /// `text` with every control character written as an escape.
  static func escapingControlCharacters(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.properties.generalCategory == .control:
        escaped += "\\u{\(String(scalar.value, radix: 16))}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// The two lines to print: `error: <message>` and the usage line.
  ///
  /// No trailing newline.
  public var description: String {
    "error: \(message)\n\(usage)"
  }
}
