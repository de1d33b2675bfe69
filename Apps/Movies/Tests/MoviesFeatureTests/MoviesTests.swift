import Loop
import LoopTesting
import MovieCatalog
import MoviesFeature
import TestSupport
import Testing

@testable import MoviesContract

/// Tier 2: what no scenario of the contract states, through the TestStore: one exhaustive run,
/// every change declared and every effect's event claimed.
@Suite(.watchdog)
struct MoviesTests {
  @Test func everyStepIsDeclaredWhenThePagerIsDrivenExhaustively() async {
    let work = ControlledWork<MoviePage>()
    let store = TestStore(
      initial: Movies.State(), machine: Movies(catalog: Movies.controlled(work, CallLog())))
    let first = Movies.Request(page: 1, id: 1)
    let page = SamplePages.page(1)

    await store.send(.nextPage) {
      $0.status = .loading(first)
      $0.requestsStarted = 1
    }
    await store.settle()
    work.succeed(0, with: page)
    await store.receive(Movies.Event.pageLoaded) {  // by case; the closure checks the page
      $0.status = .idle
      $0.movies = page.results
      $0.pagesLoaded = 1
      $0.lastPage = 5
    }
    await store.finish()
  }
}
