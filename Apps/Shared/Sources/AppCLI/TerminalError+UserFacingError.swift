import CommandLineParsing
import Terminal

extension TerminalError: UserFacingError {
  /// The same line as ``description``, for ``CLI/run(_:)``.
  ///
  /// A terminal failure reaching the user is rare: apps fall back to line mode first.
  public var userMessage: String { description }
}
