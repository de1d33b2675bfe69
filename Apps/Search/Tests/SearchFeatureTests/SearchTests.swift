import Loop
import LoopTesting
import MovieCatalog
import SearchFeature
import TestSupport
import Testing

@testable import SearchContract

/// Tier 2: wiring no scenario of the contract states, through the TestStore, time moved only
/// by the TestClock.
@Suite(.watchdog)
struct SearchTests {
  typealias State = Search.State
  let window = Duration.milliseconds(300)

  @Test func theRequestIsCancelledWhenTheQueryDropsUnderTwoCharacters() async {
    let clock = TestClock()
    let work = ControlledWork<MoviePage>()
    let store = TestStore(
      initial: State(),
      machine: SearchSamples.machine(SearchSamples.controlled(work, CallLog()), clock: clock),
      clock: clock, exhaustivity: .off)

    store.send(.textChanged("sta"))
    await store.advance(by: window)
    #expect(work.pendingGenerations == [0])
    store.send(.textChanged("s"))
    await store.settle()

    #expect(work.cancelledGenerations == [0])
    #expect(store.state.status == .hint)
  }

  @Test func theDebounceTimerIsCancelledWhenTheQueryIsCleared() async {
    let clock = TestClock()
    let calls = CallLog<SearchCall>()
    let store = TestStore(
      initial: State(),
      machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock),
      clock: clock, exhaustivity: .off)

    store.send(.textChanged("swift"))
    await store.settle()
    #expect(clock.activeSleeperCount == 1)
    store.send(.clear)
    await store.advance(by: window)

    #expect(clock.activeSleeperCount == 0)
    #expect(calls.count == 0)
    #expect(store.state == State(status: .idle))
  }

  @Test func theLocalCatalogIsReadOnceWhenTheNetworkIsDown() async {
    let clock = TestClock()
    let localReads = CallLog<String>()
    let machine = Search(
      catalog: .failing(.network("could not connect to api.themoviedb.org (URLError -1004)")),
      clock: clock,
      localCatalog: {
        localReads.record("local")
        return SearchSamples.local
      })
    let store = TestStore(initial: State(), machine: machine, clock: clock, exhaustivity: .off)

    store.send(.textChanged("lantern"))
    await store.advance(by: window)
    await store.wait { if case .offline = $0.status { true } else { false } }

    #expect(localReads.count == 1)
  }

  @Test func theLocalCatalogIsNotReadWhenTheSearchSucceeds() async {
    let clock = TestClock()
    let localReads = CallLog<String>()
    let machine = Search(
      catalog: SearchSamples.catalog, clock: clock,
      localCatalog: {
        localReads.record("local")
        return []
      })
    let store = TestStore(initial: State(), machine: machine, clock: clock, exhaustivity: .off)

    store.send(.textChanged("ghost"))
    await store.advance(by: window)
    await store.wait { $0.movies.count == 5 }

    #expect(localReads.count == 0)
  }

  @Test func aFailedPageIsLoadedAgainWhenTheUserRetries() async {
    let clock = TestClock()
    let calls = CallLog<SearchCall>()
    let work = ControlledWork<MoviePage>()
    let store = TestStore(
      initial: State(),
      machine: SearchSamples.machine(SearchSamples.controlled(work, calls), clock: clock),
      clock: clock, exhaustivity: .off)

    store.send(.textChanged("star"))
    await store.advance(by: window)
    work.succeed(0, with: SearchSamples.page("star"))
    await store.wait { $0.movies.count == 20 }
    store.send(.loadMore)
    await store.settle()
    work.fail(1, MovieCatalogError.server(status: 503, code: 9, message: nil))
    await store.wait {
      if case .results(let results) = $0.status, case .failed = results.more { true } else { false }
    }
    #expect(store.state.movies.count == 20)

    store.send(.retry)
    await store.settle()
    work.succeed(2, with: SearchSamples.page("star", 2))
    await store.wait { $0.movies.count == 31 }
    #expect(
      calls.arguments == [
        SearchCall("star"), SearchCall("star", page: 2), SearchCall("star", page: 2),
      ])
  }

  @Test func aZeroDebounceSearchesAtOnceWhenTheQueryArrives() async {
    let calls = CallLog<SearchCall>()
    let machine = Search(
      catalog: SearchSamples.recording(calls), clock: UnimplementedClock(),
      localCatalog: { [] }, debounce: .zero)
    let store = TestStore(initial: State(), machine: machine, exhaustivity: .off)

    store.send(.textChanged("amélie + co"))
    await store.wait { $0.movies.count == 2 }

    #expect(store.state.movies.first?.title == "Amélie + Co.")
    #expect(calls.arguments == [SearchCall("amélie + co")])
  }

  @Test func everyStepIsDeclaredWhenTheSearchIsDrivenExhaustively() async {
    let clock = TestClock()
    let work = ControlledWork<MoviePage>()
    let store = TestStore(
      initial: State(),
      machine: SearchSamples.machine(SearchSamples.controlled(work, CallLog()), clock: clock),
      clock: clock)
    let request = Search.Request(query: "swift", page: 1, id: 1)
    let page = SearchSamples.page("swift")

    await store.send(.textChanged("Swift")) {
      $0.text = "Swift"
      $0.status = .debouncing("swift")
    }
    await store.send(.textChanged("Swift ")) {
      $0.text = "Swift "
    }
    await store.advance(by: window)
    await store.receive(.debounced("swift")) {
      $0.status = .searching(request)
      $0.requestsStarted = 1
    }
    work.succeed(0, with: page)
    // By case: the assert closure below checks the page the event carried, field by field.
    await store.receive(Search.Event.loaded) {
      $0.status = .results(Search.Results(query: "swift", first: page))
      $0.cache.insert(page, for: SearchCache.Key(query: "swift", page: 1))
      $0.seen = page.results
    }
    await store.finish()
  }
}
