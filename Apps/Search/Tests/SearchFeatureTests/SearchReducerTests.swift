import MovieCatalog
import SearchFeature
import Testing

@testable import SearchContract

/// Tier 1: what no example, invariant, law or scenario of the contract states, called
/// directly: query hygiene, a failed page of more results, and when the local catalog is read.
struct SearchReducerTests {
  typealias State = Search.State
  typealias Request = Search.Request

  /// The state after `events`, from `state`.
  func reduce(_ state: State, _ events: Search.Event...) -> State {
    var state = state
    for event in events {
      Search.reducer(&state, event)
    }
    return state
  }

  /// The state after `events`, from launch.
  func reduce(_ events: Search.Event...) -> State {
    var state = State()
    for event in events {
      Search.reducer(&state, event)
    }
    return state
  }

  @Test(arguments: [
    ("  Star   Wars\t", "star wars"), ("STAR", "star"), ("\n sw \n", "sw"), ("   ", ""),
    ("Amélie  +  Co", "amélie + co"),
  ])
  func queryIsTrimmedCollapsedAndLowercasedWhenNormalized(_ text: String, _ query: String) {
    #expect(Search.normalized(text) == query)
  }

  @Test func loadMoreFailureKeepsTheResultsAndRetryAsksForThePageAgain() {
    let star = SearchSamples.page("star")
    let pageTwo = Request(query: "star", page: 2, id: 2)
    let failed = reduce(
      .textChanged("star"), .debounced("star"),
      .loaded(Request(query: "star", page: 1, id: 1), star), .loadMore,
      .failed(pageTwo, .unavailable(reason: "no network", local: SearchSamples.local)))
    guard case .results(let results) = failed.status else {
      Issue.record("expected results, got \(failed.status)")
      return
    }
    #expect(results.movies == star.results)
    #expect(results.more == .failed(message: "no network"))
    #expect(reduce(failed, .retry).status.request == Request(query: "star", page: 2, id: 3))
  }

  @Test(arguments: [
    MovieCatalogError.unauthorized(statusCode: 7, message: "Invalid API key."), .missingToken,
    .notFound, .invalidPage(2), .http(status: 418, message: nil), .decoding("not a page"),
  ])
  func theLocalCatalogIsNotReadWhenTMDBRejectsTheSearch(_ error: MovieCatalogError) {
    var localRead = false
    _ = Search.failure(
      for: error,
      local: {
        localRead = true
        return SearchSamples.local
      })
    #expect(!localRead, "the local catalog is read only for a fallback")
  }

  @Test func retryIsIgnoredWhenNothingFailed() {
    let debouncing = State(text: "swift", status: .debouncing("swift"))
    #expect(reduce(debouncing, .retry) == debouncing)
    #expect(reduce(State(), .retry) == State())
  }
}
