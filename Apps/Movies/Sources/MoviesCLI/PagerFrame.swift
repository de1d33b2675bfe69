import MoviesFeature
import Terminal

/// The interactive pager's screen for one state: a header, the movies (or the help), a
/// status line and a line of key hints.
///
/// The list shows the newest movies that fit the window, with a line counting the movies
/// above them; there is no scrolling (pipe `movies --pages N` to a pager to read them all).
/// Frames are one line shorter than the window, since the renderer ends every line with a
/// newline.
struct PagerFrame {
  /// The pager's state.
  let state: Movies.State
  /// Where the movies come from, for the header: `TMDB` or `offline sample pages`.
  let label: String
  /// Whether the help overlay is shown instead of the list.
  let showingHelp: Bool
  /// The window's size.
  let size: WindowSize
  /// Whether ANSI codes may be written.
  let useColor: Bool

  /// The help overlay's lines.
  static let helpLines = [
    "  Keys",
    "",
    "  space, n, ↓   load the next page",
    "  r             retry the page that failed; otherwise start again from page 1",
    "  ?             show or hide this help",
    "  q, Ctrl-D     quit",
    "  Ctrl-C        quit, with exit status 130",
    "",
    "  The list shows the newest movies that fit the window.",
    "  Press any key to close this help.",
  ]

  /// The frame's lines, at most `size.rows - 1` of them.
  var lines: [String] {
    let header = Style.bold.apply(to: "Popular movies", useColor: useColor) + " · " + label
    let hints = Self.hints(for: state)
    let bodyHeight = max(size.rows - 4, 1)
    let body = showingHelp ? Array(Self.helpLines.prefix(bodyHeight)) : movieRows(bodyHeight)
    return [header] + body + [statusLine, Style.dim.apply(to: hints, useColor: useColor)]
  }

  /// The key hints for `state`: only what a key would do now (no "next page" at the end of
  /// the list; "retry" only after a failure).
  static func hints(for state: Movies.State) -> String {
    let failed = if case .failed = state.status { true } else { false }
    let moves =
      failed ? ["r retry"] : (state.isExhausted ? [] : ["space/n/↓ next page"]) + ["r refresh"]
    return (moves + ["? help", "q quit"]).joined(separator: " · ")
  }

  /// The status line: loading, which page of how many, the end of the list, or the failure.
  var statusLine: String {
    switch state.status {
    case .loading(let request) where request.page == 1 && !state.movies.isEmpty:
      return Style.yellow.apply(to: "refreshing from page 1…", useColor: useColor)
    case .loading(let request):
      return Style.yellow.apply(to: "loading page \(request.page)…", useColor: useColor)
    case .failed(let page, let message):
      // Shorten the message, not the hint, when the line is wider than the window. A
      // refresh that failed still shows the list it was to replace.
      let lead =
        page == 1 && !state.movies.isEmpty
        ? "failed to refresh: " : "failed to load page \(page): "
      let hint = " — r to retry"
      let room = max(size.columns - lead.count - hint.count, 1)
      let shown = message.count > room ? message.prefix(room - 1) + "…" : message
      return Style.red.apply(to: lead + shown + hint, useColor: useColor)
    case .idle:
      let count = state.movies.count
      let movies = count == 1 ? "1 movie" : "\(count) movies"
      guard let lastPage = state.lastPage else { return "no page loaded · n to load one" }
      if state.isExhausted {
        let end =
          lastPage == 0
          ? "no movies · end of list" : "page \(state.pagesLoaded) of \(lastPage) · end of list"
        return Style.dim.apply(to: end, useColor: useColor)
      }
      return "page \(state.pagesLoaded) of \(lastPage) · \(movies)"
    }
  }

  /// The newest movies that fit in `height` rows, under a line counting the ones above.
  private func movieRows(_ height: Int) -> [String] {
    let rows = state.movies.enumerated().map { index, movie in
      MovieLine(rank: index + 1, movie: movie).text(useColor: useColor)
    }
    guard rows.count > height else { return rows }
    let shown = max(height - 1, 0)
    let above = rows.count - shown
    let more = Style.dim.apply(to: "  ↑ \(above) more above", useColor: useColor)
    return [more] + rows.suffix(shown)
  }
}
