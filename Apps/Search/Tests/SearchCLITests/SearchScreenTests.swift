import MovieCatalog
import SearchFeature
import Terminal
import Testing

@testable import SearchCLI

/// The interactive screen as values: what a window shows and how far it scrolls.
struct SearchScreenTests {
  private func movies(_ count: Int) -> [Movie] {
    (1...count).map { Movie(id: $0, title: "Film \($0)", voteAverage: 7) }
  }

  private func results(_ count: Int, total: Int? = nil) -> Search.State {
    let movies = movies(count)
    return Search.State(
      text: "film",
      status: .results(
        Search.Results(
          query: "film", movies: movies, pagesLoaded: 2, lastPage: 2,
          totalResults: total ?? count)))
  }

  @Test func scrollingDownStopsAtTheLastFullScreen() {
    // 24 rows: 19 results fit (query, status, two markers and the keys take five).
    let screen = SearchScreen(useColor: false, rows: 24, columns: 80)
    let state = results(31)
    var viewport = Viewport(rows: 24)
    let scrolled = viewport.scrollDown(in: state, room: screen.room)
    #expect(scrolled)
    #expect(viewport.offset == 12)
    let frame = screen.frame(for: state, offset: viewport.offset)
    #expect(frame.count == 23)
    #expect(frame[2] == "  ↑ 12 more")
    #expect(frame[3] == "  Film 13 (—)  ★ 7.0")
    #expect(frame[21] == "  Film 31 (—)  ★ 7.0")
    #expect(!frame.contains { $0.contains("↓") && $0.hasSuffix("more") })
    // Nothing more below: the next Enter loads more instead of scrolling.
    let scrolledAgain = viewport.scrollDown(in: state, room: screen.room)
    #expect(!scrolledAgain)
  }

  @Test func anOffsetPastTheEndShowsTheLastFullScreen() {
    let screen = SearchScreen(useColor: false, rows: 24, columns: 80)
    let state = results(21)
    // A page of two arrived and the viewport followed to its first movie, offset 19.
    let frame = screen.frame(for: state, offset: 19)
    #expect(frame[2] == "  ↑ 2 more")
    #expect(frame.filter { $0.hasPrefix("  Film ") }.count == 19)
    #expect(Viewport(offset: 19, rows: 24).shown(count: 21, room: screen.room) == 2)
  }

  @Test func theOfflineStatusLeadsWithTheCountSoANarrowWindowKeepsIt() {
    let screen = SearchScreen(useColor: false, rows: 24, columns: 80)
    let state = Search.State(
      text: "star",
      status: .offline(
        Search.OfflineResults(
          request: Search.Request(query: "star", page: 1, id: 1), movies: movies(2),
          reason: "could not connect to api.themoviedb.org (The Internet connection appears "
            + "to be offline.)")))
    var renderer = ScreenRenderer(isTTY: true, width: 40) { _ in }
    let status = screen.status(of: state)
    let drawn = renderer.render([status])
    #expect(status.hasPrefix("offline · 2 local matches (^R retry) · could"))
    #expect(drawn.contains("offline · 2 local matches (^R retry)"))
  }

  @Test func aQueryThatFitsShowsWholeWithTheCursorAfterIt() {
    let screen = SearchScreen(useColor: false, rows: 24, columns: 30)
    #expect(screen.queryLine("star wars") == "search: star wars_")
    // Exactly as wide as the window: nothing hidden.
    #expect(screen.queryLine("star wars: a new hope") == "search: star wars: a new hope_")
  }

  @Test func aQueryWiderThanTheWindowShowsItsEndMarkedAndTheCursor() {
    // 30 columns: the prompt takes 8, the cursor 1, so 21 are left for the query.
    let screen = SearchScreen(useColor: false, rows: 24, columns: 30)
    let query = "the good the bad and the ugly"
    let line = screen.queryLine(query)
    #expect(line == "search: …the bad and the ugly_")
    #expect(line.count == 30)
    var renderer = ScreenRenderer(isTTY: true, width: 30) { _ in }
    let drawn = renderer.render(screen.frame(for: Search.State(text: query), offset: 0))
    // The renderer cuts nothing of it: the end of the query and the cursor are on screen.
    #expect(drawn.contains("search: …the bad and the ugly_"))
  }

  @Test func theQueryLineKeepsItsEndAndTheCursorInEveryWidthInColour() {
    let query = String(repeating: "ab", count: 80) + "z"
    let cursor = Style.reverse.apply(to: " ", useColor: true)
    for columns in [12, 40, 80, 120] {
      let line = SearchScreen(useColor: true, rows: 24, columns: columns).queryLine(query)
      var renderer = ScreenRenderer(isTTY: true, width: columns) { _ in }
      let drawn = renderer.render([line])
      // The query's last letter and the cursor (a reverse-video space) end the line, and the
      // renderer, cutting at the window's width, keeps them.
      #expect(line.hasSuffix("z" + cursor), "\(columns) columns: \(line.debugDescription)")
      #expect(line.contains("…"), "\(columns) columns")
      #expect(drawn.contains("z" + cursor), "\(columns) columns: \(drawn.debugDescription)")
    }
  }
}
