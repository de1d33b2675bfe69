#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of a terminal window, in character cells.
///
/// Read it with ``of(descriptor:)``; it falls back to ``fallback`` (80 by 24) when the
/// descriptor is not a terminal or the terminal reports zero.
public struct WindowSize: Hashable, Sendable {
  /// The number of columns (characters per line).
  public var columns: Int
  /// The number of rows (lines).
  public var rows: Int

  /// The size assumed when the terminal cannot tell: 80 columns by 24 rows.
  ///
  /// The traditional VT100 size, which is also what most tools assume for pipes.
  public static let fallback = WindowSize(columns: 80, rows: 24)

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - columns: The number of columns.
  ///   - rows: The number of rows.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The current size of the terminal behind `descriptor`, via `ioctl(TIOCGWINSZ)`.
  ///
  /// Query it again when redrawing: the user may resize the window at any time.
  ///
  /// - Parameter descriptor: A file descriptor, usually standard output.
  /// - Returns: The size, or ``fallback`` when the descriptor is not a terminal or the
  ///   terminal reports a zero dimension.
  public static func of(descriptor: Int32) -> WindowSize {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return fallback }
    return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
