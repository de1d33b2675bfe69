/// A command line that does not fit its ``CommandSpec``: one line saying what is wrong, and
/// the usage line.
///
/// Its ``description`` is what the user sees on standard error before the app exits with
/// ``ExitCode/usage`` (2):
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
  /// - Parameters:
  ///   - message: What is wrong, one line, without the `error: ` prefix.
  ///   - usage: The usage line.
  public init(_ message: String, usage: String) {
    self.message = message
    self.usage = usage
  }

  /// The two lines to print: `error: <message>` and the usage line.
  ///
  /// No trailing newline.
  public var description: String {
    "error: \(message)\n\(usage)"
  }
}
