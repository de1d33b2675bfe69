import SearchFeature
import Terminal

/// Draws the interactive screen for a state: the query line, a status line, the results and
/// the keys.
struct SearchScreen {
  let useColor: Bool
  /// The terminal's height: results beyond it are left out.
  let rows: Int
  /// The terminal's width: a query wider than the window shows its end.
  let columns: Int

  /// What the query line starts with.
  static let prompt = "search: "
  /// What stands at the left of the query line for the start of a query too wide to show.
  static let hiddenMark = "…"

  /// How many result lines fit: the terminal less the query, status, scroll and key lines.
  var room: Int {
    max(rows - 5, 1)
  }

  /// The screen for `state`, its results shown from the `offset`th movie.
  func frame(for state: Search.State, offset: Int) -> [String] {
    var lines = [queryLine(state.text)]
    lines.append(status(of: state))
    let offline = if case .offline = state.status { true } else { false }
    let movies = state.movies
    // The last screen is a full one: never scrolled so far that rows stand empty below.
    let offset = min(offset, max(0, movies.count - room))
    let shown = movies.dropFirst(offset).prefix(room)
    if offset > 0 {
      lines.append(style("  ↑ \(offset) more", .dim))
    }
    for movie in shown {
      lines.append(
        "  " + ResultLine.text(for: movie) + (offline ? style("  offline", .yellow) : ""))
    }
    let below = movies.count - offset - shown.count
    if below > 0 {
      lines.append(style("  ↓ \(below) more", .dim))
    }
    lines.append(style("↵/↓ more · ↑ back · ^U clear · ^R retry · esc quit", .dim))
    return lines
  }

  /// The prompt, the query and the cursor after it, always within ``columns``.
  ///
  /// The cursor is where typing goes, the end of the query, so that end must show: a query
  /// wider than the window scrolls left, its hidden start marked with ``hiddenMark``.
  /// Widths count `Character`s, as ``ScreenRenderer`` does.
  func queryLine(_ text: String) -> String {
    let cursor = useColor ? Style.reverse.apply(to: " ", useColor: true) : "_"
    // What the query may take: the window less the prompt and the cursor's column.
    let room = max(columns - Self.prompt.count - 1, 0)
    let shown =
      text.count <= room
      ? text : Self.hiddenMark + String(text.suffix(max(room - Self.hiddenMark.count, 0)))
    return style(Self.prompt, .bold) + String(shown.prefix(room)) + cursor
  }

  /// The status line: typing, searching, how many results, offline, or an error.
  func status(of state: Search.State) -> String {
    switch state.status {
    case .idle:
      return style("type to search", .dim)
    case .hint:
      return style(Search.hint, .dim)
    case .debouncing:
      return style("typing…", .dim)
    case .searching:
      return style("searching…", .cyan)
    case .results(let results):
      var line =
        switch results.totalResults {
        case 0: "no results"
        case 1: "1 result"
        case let count: "\(count) results"
        }
      if results.movies.count < results.totalResults {
        line += ", showing \(results.movies.count)"
      }
      switch results.more {
      case .idle:
        return style(line, .green)
      case .loading:
        return style(line + " · loading more…", .cyan)
      case .failed(let message):
        return style(line, .green) + style(" · error (^R retry): \(message)", .red)
      }
    case .offline(let offline):
      // The count and the key first: a narrow window cuts the end of the line, the reason.
      let count =
        offline.movies.count == 1 ? "1 local match" : "\(offline.movies.count) local matches"
      return style("offline · \(count) (^R retry) · \(offline.reason)", .yellow)
    case .failed(_, let message):
      return style("error (^R retry): \(message)", .red)
    }
  }

  func style(_ text: String, _ style: Style) -> String {
    style.apply(to: text, useColor: useColor)
  }
}
