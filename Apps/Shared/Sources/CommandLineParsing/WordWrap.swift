/// Text broken at spaces into lines that fit a width: `--help` in 80 columns, and a message
/// on a screen narrower than it is.
///
/// ```swift
/// let lines = WordWrap.lines("the plan cannot be changed; make the file writable", width: 30)
/// // ["the plan cannot be changed;", "make the file writable"]
/// ```
public enum WordWrap {
  /// `text` as lines of at most `width` characters.
  ///
  /// The first line starts after `lead`, each further one after `indent` spaces. A word longer than the room is left whole on a line of its own
  /// (a path is better cut by the screen than split where it cannot be read).
  ///
  /// - Parameters:
  ///   - text: The words, separated by spaces.
  ///   - width: The most characters a line may hold, `lead` and indent included.
  ///   - lead: What the first line starts with, such as an option's name and its padding.
  ///   - indent: How many spaces start each further line.
  /// - Returns: At least one line; none ends in a space.
  public static func lines(_ text: String, width: Int, lead: String = "", indent: Int = 0)
    -> [String]
  {
    var lines: [String] = []
    var line = lead
    var lineHasWords = false
    for word in text.split(separator: " ") {
      if lineHasWords, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineHasWords = false
      }
      line += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(line)
    return lines.map { line in
      var line = line
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}
