import MovieCatalog
import MoviesFeature
import Terminal
import Testing

@testable import MoviesCLI

/// The pager's key hints offer only what a key would do in the state on screen.
struct PagerHintsTests {
  @Test func browsingOffersTheNextPageAndARefresh() {
    var state = Movies.State()
    state.pagesLoaded = 1
    state.lastPage = 5
    #expect(PagerFrame.hints(for: state) == "space/n/↓ next page · r refresh · ? help · q quit")
  }

  @Test func theEndOfTheListOffersNoNextPage() {
    var state = Movies.State()
    state.pagesLoaded = 5
    state.lastPage = 5
    #expect(PagerFrame.hints(for: state) == "r refresh · ? help · q quit")
  }

  @Test func aFailureOffersARetryOfThatPage() {
    var state = Movies.State()
    state.status = .failed(page: 2, message: "TMDB failed on its side (HTTP 500)")
    #expect(PagerFrame.hints(for: state) == "r retry · ? help · q quit")
  }

  @Test func aRefreshShowsTheListItKeepsAndSaysWhatIsHappening() throws {
    let movie = Movie(id: 1, title: "Dune", voteAverage: 8)
    var state = Movies.State(movies: [movie], requestsStarted: 2)
    state.status = .loading(Movies.Request(page: 1, id: 2))
    let size = WindowSize(columns: 80, rows: 10)
    let loading = PagerFrame(
      state: state, label: "TMDB", showingHelp: false, size: size, useColor: false)
    #expect(loading.lines.contains { $0.contains("Dune") })
    #expect(loading.statusLine == "refreshing from page 1…")

    state.status = .failed(page: 1, message: "TMDB is unavailable (HTTP 503)")
    let failed = PagerFrame(
      state: state, label: "TMDB", showingHelp: false, size: size, useColor: false)
    #expect(failed.lines.contains { $0.contains("Dune") })
    #expect(failed.statusLine == "failed to refresh: TMDB is unavailable (HTTP 503) — r to retry")
  }

  @Test func theHelpListsEveryWayToQuit() {
    #expect(PagerFrame.helpLines.contains("  q, Ctrl-D     quit"))
    #expect(PagerFrame.helpLines.contains("  Ctrl-C        quit, with exit status 130"))
  }
}
