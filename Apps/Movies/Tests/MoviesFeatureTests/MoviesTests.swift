import Loop
import LoopTesting
import MovieCatalog
import MoviesFeature
import TestSupport
import Testing

@testable import MoviesContract

/// Tier 2: the pager's wiring through the TestStore, with the fixture catalog.
@Suite(.watchdog)
struct MoviesTests {
  @Test func theFirstPageLoadsWhenTheUserAsksForIt() async {
    let calls = CallLog<Int>()
    let store = TestStore(
      initial: Movies.State(), machine: Movies(catalog: Movies.recording(calls)),
      exhaustivity: .off)

    store.send(.nextPage)
    await store.wait { $0.isLoading }
    await store.wait { $0.pagesLoaded == 1 && !$0.isLoading }

    #expect(store.state.movies.first?.title == SamplePages.page(1).results.first?.title)
    #expect(calls.arguments == [1])
  }

  @Test func leavingTheLoadingStateCancelsTheRequestWhenRefreshed() async {
    let calls = CallLog<Int>()
    let work = ControlledWork<MoviePage>()
    let store = TestStore(
      initial: Movies.State(), machine: Movies(catalog: Movies.controlled(work, calls)),
      exhaustivity: .off)

    store.send(.nextPage)
    await store.settle()
    store.send(.refresh)
    await store.settle()

    #expect(work.cancelledGenerations == [0])
    #expect(work.pendingGenerations == [1])
  }

  @Test func aFailureIsShownAsOneLineWhenTheCatalogFails() async {
    let store = TestStore(
      initial: Movies.State(),
      machine: Movies(
        catalog: .failing(
          MovieCatalogError.unauthorized(statusCode: 7, message: "Invalid API key."))),
      exhaustivity: .off)

    store.send(.nextPage)
    await store.wait { if case .failed = $0.status { true } else { false } }

    guard case .failed(let page, let message) = store.state.status else {
      Issue.record("expected the failed status, got \(store.state.status)")
      return
    }
    #expect(page == 1)
    #expect(message.contains("HTTP 401"))
  }

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
