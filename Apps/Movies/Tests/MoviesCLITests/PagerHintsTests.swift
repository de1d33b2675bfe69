import MovieCatalog
import MoviesFeature
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

  @Test func theHelpListsEveryWayToQuit() {
    #expect(PagerFrame.helpLines.contains("  q, Ctrl-D     quit"))
    #expect(PagerFrame.helpLines.contains("  Ctrl-C        quit, with exit status 130"))
  }
}
