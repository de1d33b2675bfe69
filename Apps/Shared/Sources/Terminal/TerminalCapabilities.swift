import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the terminal around the process can do: is input or output a tty, may it use color,
/// how big is it.
///
/// Detect it once at launch with ``detect(input:output:environment:)`` and decide the mode:
/// interactive when ``isInteractive``, otherwise line mode with plain output. Color follows
/// the conventions every CLI user expects: only on a tty, never when `NO_COLOR` is set to
/// anything non-empty (<https://no-color.org>), never when `TERM` is `dumb`.
///
/// ```swift
/// let terminal = TerminalCapabilities.detect()
/// let title = Style.bold.apply(to: "Popular", useColor: terminal.supportsColor)
/// ```
public struct TerminalCapabilities: Hashable, Sendable {
  /// Whether standard input (or the given input descriptor) is a terminal.
  public var isInputTTY: Bool
  /// Whether standard output (or the given output descriptor) is a terminal.
  public var isOutputTTY: Bool
  /// Whether output may contain ANSI color and style codes.
  public var supportsColor: Bool
  /// The window size of the output terminal, or ``WindowSize/fallback``.
  public var windowSize: WindowSize

  /// Whether both input and output are terminals: the condition for interactive mode.
  ///
  /// When it is false, read lines (or arguments) and print plain output.
  public var isInteractive: Bool { isInputTTY && isOutputTTY }

  /// Creates capabilities from known facts, deciding color from the environment.
  ///
  /// Tests and apps with unusual setups use this; most code calls
  /// ``detect(input:output:environment:)``.
  ///
  /// - Parameters:
  ///   - isInputTTY: Whether input is a terminal.
  ///   - isOutputTTY: Whether output is a terminal.
  ///   - environment: The process environment (`NO_COLOR`, `TERM`).
  ///   - windowSize: The output terminal's size.
  public init(
    isInputTTY: Bool, isOutputTTY: Bool, environment: [String: String],
    windowSize: WindowSize = .fallback
  ) {
    self.isInputTTY = isInputTTY
    self.isOutputTTY = isOutputTTY
    self.supportsColor = Self.colorEnabled(isOutputTTY: isOutputTTY, environment: environment)
    self.windowSize = windowSize
  }

  /// Detects the capabilities of the process's terminal.
  ///
  /// Uses `isatty` on both descriptors and `ioctl(TIOCGWINSZ)` on the output.
  ///
  /// - Parameters:
  ///   - input: The input descriptor; standard input by default.
  ///   - output: The output descriptor; standard output by default.
  ///   - environment: The environment to read `NO_COLOR` and `TERM` from; the process's by
  ///     default.
  /// - Returns: The capabilities.
  public static func detect(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> TerminalCapabilities {
    TerminalCapabilities(
      isInputTTY: isatty(input) == 1, isOutputTTY: isatty(output) == 1,
      environment: environment, windowSize: WindowSize.of(descriptor: output))
  }

  /// Whether color is allowed: output is a tty, `NO_COLOR` is unset or empty, and `TERM` is
  /// not `dumb`.
  ///
  /// An unset `TERM` does not turn color off: terminals that cannot show color set
  /// `TERM=dumb`.
  ///
  /// - Parameters:
  ///   - isOutputTTY: Whether output is a terminal.
  ///   - environment: The environment holding `NO_COLOR` and `TERM`.
  /// - Returns: `true` when ANSI codes may be written.
  public static func colorEnabled(isOutputTTY: Bool, environment: [String: String]) -> Bool {
    guard isOutputTTY else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }
}
