import Loop
import LoopTesting
import MovieCatalog
import SearchFeature
import TestSupport
import Testing

/// The runtime's doc-comment examples, run against movie-search so they do what they say.
///
/// `Store`'s, `TestStore`'s, `ControlledWork`'s and `TestClock.advance`'s, as they read there.
/// That every example compiles is DocExamplesTests' part (`make doc-examples`).
@Suite(.watchdog)
struct DocExampleTests {
  @Test func storeExample() async {
    let clock = ImmediateClock()
    // Store's example:
    let store = Store(
      initial: Search.State(),
      machine: Search(catalog: .fixtures, clock: clock, localCatalog: { [] }))
    store.send(.textChanged("star wars"))
    for await state in store.states where !state.movies.isEmpty { break }
    // (end of the example)
    #expect(store.state.movies.count == 4)
    store.cancel()
  }

  @Test func testStoreDestinationExample() async {
    // TestStore's first example, and TestClock.advance(by:)'s last two lines:
    let clock = TestClock()
    let store = TestStore(
      initial: Search.State(),
      machine: Search(catalog: .fixtures, clock: clock, localCatalog: { [] }),
      clock: clock, exhaustivity: .off)
    store.send(.textChanged("star wars"))
    await store.advance(by: .milliseconds(300))
    await store.wait { $0.movies.count == 4 }
  }

  @Test func testStoreExhaustiveAndControlledWorkExample() async {
    let clock = TestClock()
    // ControlledWork's example:
    let work = ControlledWork<MoviePage>()
    let catalog = MovieCatalog(
      popular: { _ in try await work.makeWork() }, search: { _, _ in try await work.makeWork() })
    var starts = work.starts.makeAsyncIterator()
    // (a store of the search on that catalog)
    let store = TestStore(
      initial: Search.State(),
      machine: Search(catalog: catalog, clock: clock, localCatalog: { [] }),
      clock: clock)
    let page = MoviePage(page: 1, results: [], totalPages: 1, totalResults: 0)
    // TestStore's second example and send(_:assert:)'s (ControlledWork's waits for the start):
    await store.send(.textChanged("Swift")) {
      $0.text = "Swift"
      $0.status = .debouncing("swift")
    }
    await store.advance(by: .milliseconds(300))
    await store.receive(.debounced("swift")) {
      $0.status = .searching(Search.Request(query: "swift", page: 1, id: 1))
      $0.requestsStarted = 1
    }
    #expect(await starts.next() == 0)
    work.succeed(0, with: page)
    await store.receive(Search.Event.loaded) {
      $0.status = .results(Search.Results(query: "swift", first: page))
      $0.cache.insert(page, for: SearchCache.Key(query: "swift", page: 1))
    }
    await store.finish()
  }

  @Test func testingGuideDestinationExample() async {
    let clock = TestClock()
    let work = ControlledWork<MoviePage>()
    let catalog = MovieCatalog(
      popular: { _ in try await work.makeWork() }, search: { _, _ in try await work.makeWork() })
    let machine = Search(catalog: catalog, clock: clock, localCatalog: { [] })
    let page = MoviePage(
      page: 1, results: [Movie(id: 1, title: "Swift")], totalPages: 1, totalResults: 1)
    // docs/TESTING.md's first example:
    let store = TestStore(
      initial: Search.State(), machine: machine, clock: clock, exhaustivity: .off)
    store.send(.textChanged("Swift"))
    await store.advance(by: .milliseconds(300))
    let request = Search.Request(query: "swift", page: 1, id: 1)
    await store.wait { $0.status == .searching(request) }  // the spinner shows...
    work.succeed(0, with: page)
    await store.wait { $0.movies == page.results }  // ...before the data lands
    #expect(work.pendingGenerations.isEmpty)
  }
}
