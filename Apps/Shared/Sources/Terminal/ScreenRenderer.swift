/// Redraws a block of lines in place: each frame replaces the previous one.
///
/// Give ``render(_:)`` every line of the frame; it moves the cursor back to the top of the
/// region it drew last, rewrites each line, clears what the old frame left to the right of a
/// line (`ESC [ K`) and below the new frame (`ESC [ J`), and leaves the cursor on the frame's
/// last line: no newline follows it, so a frame exactly as tall as the window does not
/// scroll the window by one and push its first line off the top. Lines are cut to ``width``
/// visible characters (ANSI codes do not count), so a long title never wraps and throws the
/// cursor arithmetic off, and frames to ``height`` lines; a line containing newlines counts
/// as several lines.
///
/// When output is not a terminal (`isTTY == false`) every frame is written as plain lines,
/// escape codes stripped, nothing cut: scripted runs get clean text. Render only the frames
/// worth keeping in that mode (typically the last).
///
/// Every call returns exactly what it wrote, which is how tests check it:
///
/// ```swift
/// var renderer = ScreenRenderer(isTTY: terminal.isOutputTTY,
///                               width: terminal.windowSize.columns)
/// renderer.render(["Popular movies", "  1. Dune"])
/// renderer.render(["Popular movies", "  loading..."])  // redrawn in place
/// ```
///
/// The region starts on the line where the cursor was at the first frame, assumed to be at
/// its start. Before the app prints anything else (between frames, or on exit), call
/// ``forget()``, which moves the cursor below the region.
public struct ScreenRenderer {
  /// Whether output is a terminal: escape codes and in-place redraws, or plain lines.
  public let isTTY: Bool
  /// The most visible characters a line may have; longer lines are cut.
  ///
  /// Set it again when the window is resized.
  public var width: Int
  /// The most lines a frame may have: the window's rows, or `nil` for no limit.
  ///
  /// Later lines are dropped, since a frame taller than the window cannot be redrawn in
  /// place.
  ///
  /// Set it again when the window is resized.
  public var height: Int?
  private let output: (String) -> Void
  private var drawnLineCount = 0

  /// Creates a renderer with nothing drawn yet.
  ///
  /// - Parameters:
  ///   - isTTY: Whether output is a terminal; pass ``TerminalCapabilities/isOutputTTY``.
  ///   - width: The window's width in columns; pass ``WindowSize/columns``.
  ///   - height: The window's height in rows (``WindowSize/rows``); `nil` for no limit.
  ///   - output: Where the bytes of each frame go, in one call per frame; standard output by
  ///     default.
  public init(
    isTTY: Bool, width: Int = WindowSize.fallback.columns, height: Int? = nil,
    output: @escaping (String) -> Void = StandardOutput.write
  ) {
    self.isTTY = isTTY
    self.width = width
    self.height = height
    self.output = output
  }

  /// Draws a frame over the previous one.
  ///
  /// - Parameter lines: Every line of the frame, without newlines; they may contain ANSI
  ///   style codes (stripped when not a terminal).
  /// - Returns: The exact text written to the output.
  @discardableResult
  public mutating func render(_ lines: [String]) -> String {
    let lines = lines.flatMap { line in
      line.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }
    var frame = ""
    if isTTY {
      frame += cursorToRegionStart()
      let width = max(width, 1)
      let shown = height.map { Array(lines.prefix(max($0, 1))) } ?? lines
      for (index, line) in shown.enumerated() {
        // Between lines only: a newline after the last would scroll a full window by one.
        if index > 0 { frame += "\r\n" }
        let (text, visibleCount) = ANSIText.truncated(line, to: width)
        frame += text
        // A line that fills the width leaves the cursor in the last column, where `ESC [ K`
        // would erase the final character; there is nothing to its right to clear anyway.
        if visibleCount < width { frame += "\u{1B}[K" }
      }
      frame += "\u{1B}[J"
      drawnLineCount = shown.count
    } else {
      for line in lines {
        frame += ANSIText.stripped(line) + "\n"
      }
    }
    if !frame.isEmpty { output(frame) }
    return frame
  }

  /// Removes the drawn region from the screen and leaves the cursor where it started.
  ///
  /// Use it on exit for a transient display (a progress line). Writes nothing when not a
  /// terminal or when nothing is drawn.
  ///
  /// - Returns: The exact text written to the output.
  @discardableResult
  public mutating func erase() -> String {
    guard isTTY, drawnLineCount > 0 else { return "" }
    let text = cursorToRegionStart() + "\u{1B}[J"
    drawnLineCount = 0
    output(text)
    return text
  }

  /// Clears the whole screen and starts the next frame at its top left.
  ///
  /// Call it after the window was resized: the terminal has reflowed the old frame, so
  /// drawing over it in place would leave pieces of it. Writes nothing when not a terminal.
  ///
  /// - Returns: The exact text written to the output.
  @discardableResult
  public mutating func clearScreen() -> String {
    guard isTTY else { return "" }
    let text = "\u{1B}[H\u{1B}[2J"
    drawnLineCount = 0
    output(text)
    return text
  }

  /// Leaves the drawn region on screen and moves the cursor to the start of the line below
  /// it, where the next ``render(_:)`` (or anything else printed) starts.
  ///
  /// Call it before writing something else (a message, a final result, the shell's prompt
  /// on exit). Writes nothing when not a terminal or when nothing is drawn.
  ///
  /// - Returns: The exact text written to the output.
  @discardableResult
  public mutating func forget() -> String {
    guard isTTY, drawnLineCount > 0 else { return "" }
    drawnLineCount = 0
    output("\r\n")
    return "\r\n"
  }

  /// Moves from the drawn region's last line, where the cursor rests, to the start of its
  /// first line.
  private func cursorToRegionStart() -> String {
    switch drawnLineCount {
    case 0: ""
    case 1: "\r"
    default: "\u{1B}[\(drawnLineCount - 1)A\r"
    }
  }
}
