/// Why a terminal operation failed.
///
/// Entering raw mode on something that is not a terminal (a pipe, a file) is
/// ``notATerminal(descriptor:)``: that is the signal for an app to fall back to line mode.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file descriptor is not a terminal (`isatty` returned 0).
  case notATerminal(descriptor: Int32)
  /// A system call failed with `errno`.
  case systemCall(String, errno: Int32)

  /// A one-line description naming the descriptor or the call.
  ///
  /// For example `file descriptor 0 is not a terminal` or `tcsetattr failed (errno 5)`.
  public var description: String {
    switch self {
    case .notATerminal(let descriptor):
      "file descriptor \(descriptor) is not a terminal"
    case .systemCall(let name, let errno):
      "\(name) failed (errno \(errno))"
    }
  }
}
