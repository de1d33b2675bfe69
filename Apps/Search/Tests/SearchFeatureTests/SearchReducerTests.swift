import MovieCatalog
import SearchFeature
import Testing

@testable import SearchContract

/// Tier 1: the reducer's rows, called directly: query hygiene, the debounce, the cache,
/// paging and failures.
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

  @Test(arguments: ["s", " s ", "É", "  a\t"])
  func hintIsShownWhenTheQueryIsUnderTwoCharacters(_ text: String) {
    let state = reduce(.textChanged(text))
    #expect(state.status == .hint)
    #expect(state.text == text)
    #expect(Search.hint == "type at least 2 characters")
  }

  @Test(arguments: ["", "   ", "\t\n"])
  func searchIsIdleWhenTheQueryHasNoWords(_ text: String) {
    #expect(
      reduce(State(text: "star", status: .debouncing("star")), .textChanged(text)).status
        == .idle)
  }

  @Test func debounceStartsForTheNormalizedQueryWhenItHasTwoCharacters() {
    #expect(reduce(.textChanged(" SW ")).status == .debouncing("sw"))
  }

  @Test func resultsAreClearedWhenTheQueryDropsUnderTwoCharacters() {
    let results = Search.Results(query: "star", first: SearchSamples.page("star"))
    let state = reduce(State(text: "star", status: .results(results)), .textChanged("s"))
    #expect(state.status == .hint)
    #expect(state.movies.isEmpty)
  }

  @Test func nothingChangesButTheTextWhenAnEditNormalizesToTheSameQuery() {
    let request = Request(query: "star", page: 1, id: 1)
    let searching = State(text: "star", status: .searching(request), requestsStarted: 1)
    let state = reduce(searching, .textChanged(" STAR  "))
    #expect(state.status == .searching(request))
    #expect(state.text == " STAR  ")
  }

  @Test func debounceRestartsWhenTheNormalizedQueryChanges() {
    let request = Request(query: "star", page: 1, id: 1)
    let searching = State(text: "star", status: .searching(request), requestsStarted: 1)
    #expect(reduce(searching, .textChanged("star w")).status == .debouncing("star w"))
  }

  @Test func requestStartsWithTheNextIdWhenTheDebounceCloses() {
    let state = reduce(State(requestsStarted: 4), .textChanged("swift"), .debounced("swift"))
    #expect(state.status == .searching(Request(query: "swift", page: 1, id: 5)))
    #expect(state.requestsStarted == 5)
  }

  @Test func answerIsIgnoredWhenItIsForAnOlderRequest() {
    let current = Request(query: "star", page: 1, id: 2)
    let searching = State(text: "star", status: .searching(current), requestsStarted: 2)
    let older = Request(query: "star", page: 1, id: 1)
    #expect(reduce(searching, .loaded(older, SearchSamples.page("star"))) == searching)
    #expect(
      reduce(searching, .failed(older, .rejected(message: "HTTP 401"))) == searching)
  }

  @Test func cacheAnswersARepeatedQueryWithoutARequest() {
    let swift = SearchSamples.page("swift")
    let state = reduce(
      .textChanged("swift"), .debounced("swift"),
      .loaded(Request(query: "swift", page: 1, id: 1), swift), .clear, .textChanged("SWIFT"),
      .debounced("swift"))
    #expect(state.status == .results(Search.Results(query: "swift", first: swift)))
    #expect(state.requestsStarted == 1)
  }

  @Test func loadMoreIsIgnoredWhileThePageIsLoading() {
    let star = SearchSamples.page("star")
    let loaded = reduce(
      .textChanged("star"), .debounced("star"),
      .loaded(Request(query: "star", page: 1, id: 1), star), .loadMore)
    #expect(loaded.status.request == Request(query: "star", page: 2, id: 2))
    #expect(reduce(loaded, .loadMore) == loaded)
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

  @Test func offlineResultsRankMoviesSeenAndTheLocalCatalogWhenTMDBIsUnavailable() {
    let seen = SearchSamples.page("star wars").results
    let request = Request(query: "star", page: 1, id: 1)
    let local = SearchSamples.local
    let state = reduce(
      State(text: "star", status: .searching(request), seen: seen, requestsStarted: 1),
      .failed(request, .unavailable(reason: "TMDB failed on its side (HTTP 500)", local: local)))
    #expect(
      state.status
        == .offline(
          Search.OfflineResults(
            request: request, movies: OfflineRanking.rank("star", in: seen + local),
            reason: "TMDB failed on its side (HTTP 500)")))
  }

  @Test(arguments: [
    MovieCatalogError.network("could not connect to api.themoviedb.org (URLError -1004)"),
    .network("the request to api.themoviedb.org timed out (URLError -1001)"),
    .server(status: 500, code: 11, message: nil), .server(status: 503, code: 9, message: nil),
    .rateLimited(retryAfter: .seconds(2)),
  ])
  func searchFallsBackOfflineWhenTMDBCannotAnswer(_ error: MovieCatalogError) {
    #expect(
      Search.failure(for: error, local: { SearchSamples.local })
        == .unavailable(reason: error.userMessage, local: SearchSamples.local))
  }

  @Test(arguments: [
    MovieCatalogError.unauthorized(statusCode: 7, message: "Invalid API key."), .missingToken,
    .notFound, .invalidPage(2), .http(status: 418, message: nil), .decoding("not a page"),
  ])
  func errorIsShownWithNoFallbackWhenTMDBRejectsTheSearch(_ error: MovieCatalogError) {
    var localRead = false
    let failure = Search.failure(
      for: error,
      local: {
        localRead = true
        return SearchSamples.local
      })
    #expect(failure == .rejected(message: error.userMessage))
    #expect(!localRead, "the local catalog is read only for a fallback")
  }

  @Test func retryIsIgnoredWhenNothingFailed() {
    let debouncing = State(text: "swift", status: .debouncing("swift"))
    #expect(reduce(debouncing, .retry) == debouncing)
    #expect(reduce(State(), .retry) == State())
  }
}
