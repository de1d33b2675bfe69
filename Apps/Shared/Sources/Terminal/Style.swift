/// A text style: attributes and a foreground color, written as an ANSI SGR code only when
/// color is enabled.
///
/// Combine styles like any option set. ``apply(to:useColor:)`` wraps text in the codes and a
/// reset; with `useColor: false` it returns the text untouched, so plain output (a pipe,
/// `NO_COLOR`, `TERM=dumb`) never contains an escape byte.
///
/// ```swift
/// let color = TerminalCapabilities.detect().supportsColor
/// let line = Style([.bold, .yellow]).apply(to: "loading...", useColor: color)
/// // "\u{1B}[1;33mloading...\u{1B}[0m" on a color terminal, "loading..." otherwise
/// ```
///
/// Codes are emitted in a fixed order (attributes, then colors) whatever the order of
/// combination. Combining two colors emits both; the terminal shows the last.
public struct Style: OptionSet, Hashable, Sendable {
  /// The bits of the style; each bit is one attribute or color.
  public let rawValue: UInt32

  /// Creates a style from its bits.
  ///
  /// Prefer the named styles (``bold``, ``red``) and their combinations.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// Bold or bright text (SGR 1).
  public static let bold = Style(rawValue: 1 << 0)
  /// Dim text (SGR 2), for secondary information.
  public static let dim = Style(rawValue: 1 << 1)
  /// Italic text (SGR 3); not every terminal shows it.
  public static let italic = Style(rawValue: 1 << 2)
  /// Underlined text (SGR 4).
  public static let underline = Style(rawValue: 1 << 3)
  /// Reversed foreground and background (SGR 7), for a selected row.
  public static let reverse = Style(rawValue: 1 << 4)
  /// Red text (SGR 31), for errors.
  public static let red = Style(rawValue: 1 << 5)
  /// Green text (SGR 32), for success.
  public static let green = Style(rawValue: 1 << 6)
  /// Yellow text (SGR 33), for warnings and progress.
  public static let yellow = Style(rawValue: 1 << 7)
  /// Blue text (SGR 34).
  public static let blue = Style(rawValue: 1 << 8)
  /// Magenta text (SGR 35).
  public static let magenta = Style(rawValue: 1 << 9)
  /// Cyan text (SGR 36), for headings and links.
  public static let cyan = Style(rawValue: 1 << 10)
  /// Gray text (SGR 90, bright black).
  public static let gray = Style(rawValue: 1 << 11)

  /// The escape sequence that resets every attribute and color: `ESC [ 0 m`.
  public static let resetCode = "\u{1B}[0m"

  /// Each style bit and its SGR parameter, in emission order.
  private static let parameters: [(Style, Int)] = [
    (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7),
    (.red, 31), (.green, 32), (.yellow, 33), (.blue, 34), (.magenta, 35), (.cyan, 36),
    (.gray, 90),
  ]

  /// The SGR sequence that turns this style on, such as `ESC [ 1 ; 31 m`.
  ///
  /// Empty for the empty style. Most code wants ``apply(to:useColor:)`` instead.
  public var code: String {
    let numbers = Self.parameters.filter { contains($0.0) }.map { String($0.1) }
    guard !numbers.isEmpty else { return "" }
    return "\u{1B}[" + numbers.joined(separator: ";") + "m"
  }

  /// Wraps `text` in this style's code and a reset, when color is enabled.
  ///
  /// - Parameters:
  ///   - text: The text to style.
  ///   - useColor: Whether ANSI codes may be written; pass
  ///     ``TerminalCapabilities/supportsColor``.
  /// - Returns: The styled text, or `text` unchanged when `useColor` is false or the style is
  ///   empty.
  public func apply(to text: String, useColor: Bool) -> String {
    let code = code
    guard useColor, !code.isEmpty else { return text }
    return code + text + Self.resetCode
  }
}
