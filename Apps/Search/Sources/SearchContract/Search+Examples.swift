import LoopContracts
import MovieCatalog
import SearchFeature

extension Search {
  static let examples: [Example<State, Event>] = {
    let swift = SearchSamples.page("swift")
    let star = SearchSamples.page("star")
    let star2 = SearchSamples.page("star", 2)
    let sta = SearchSamples.page("sta")
    let swiftRequest = Request(query: "swift", page: 1, id: 1)
    let starRequest = Request(query: "star", page: 1, id: 2)
    let debouncingSwift = State(text: "swift", status: .debouncing("swift"))
    let searchingSwift = State(text: "swift", status: .searching(swiftRequest), requestsStarted: 1)
    let searchingStar = State(
      text: "star", status: .searching(starRequest), requestsStarted: 2)
    var cachedSwift = SearchCache(capacity: 20)
    cachedSwift.insert(swift, for: SearchCache.Key(query: "swift", page: 1))
    var cachedStar = SearchCache(capacity: 20)
    cachedStar.insert(star, for: SearchCache.Key(query: "star", page: 1))
    let starResults = State(
      text: "star", status: .results(Results(query: "star", first: star)), cache: cachedStar,
      seen: star.results, requestsStarted: 2)
    let pageTwo = Request(query: "star", page: 2, id: 3)
    var loadingMore = Results(query: "star", first: star)
    loadingMore.more = .loading(pageTwo)
    var cachedBoth = cachedStar
    cachedBoth.insert(star2, for: SearchCache.Key(query: "star", page: 2))
    var bothPages = Results(query: "star", first: star)
    bothPages.append(star2)
    let offline = OfflineResults(
      request: starRequest, movies: OfflineRanking.rank("star", in: SearchSamples.local),
      reason: serverError.userMessage)
    let offlineStar = State(text: "star", status: .offline(offline), requestsStarted: 2)
    var fullCache = SearchCache(capacity: 2)
    fullCache.insert(sta, for: SearchCache.Key(query: "sta", page: 1))
    fullCache.insert(star, for: SearchCache.Key(query: "star", page: 1))
    var evicted = SearchCache(capacity: 2)
    evicted.insert(star, for: SearchCache.Key(query: "star", page: 1))
    evicted.insert(swift, for: SearchCache.Key(query: "swift", page: 1))

    return [
      Example(
        "one character shows the hint and asks for nothing", given: State(),
        when: .textChanged("s"), then: State(text: "s", status: .hint)),
      Example(
        "two characters start the debounce", given: State(text: "s", status: .hint),
        when: .textChanged("sw"), then: State(text: "sw", status: .debouncing("sw"))),
      Example(
        "an edit that normalizes to the same query restarts nothing",
        given: State(text: "star", status: .debouncing("star")), when: .textChanged("  Star "),
        then: State(text: "  Star ", status: .debouncing("star"))),
      Example(
        "an edit that normalizes to the same query keeps the request in flight",
        given: searchingStar, when: .textChanged(" STAR "),
        then: State(text: " STAR ", status: .searching(starRequest), requestsStarted: 2)),
      Example(
        "another query restarts the debounce",
        given: State(text: "sta", status: .debouncing("sta")), when: .textChanged("star"),
        then: State(text: "star", status: .debouncing("star"))),
      Example(
        "the debounce closing starts a request", given: debouncingSwift,
        when: .debounced("swift"), then: searchingSwift),
      Example(
        "a debounce for an older query is ignored",
        given: State(text: "star", status: .debouncing("star")), when: .debounced("sta"),
        then: State(text: "star", status: .debouncing("star"))),
      Example(
        "a repeated query is answered from the cache, with no request",
        given: State(text: "swift", status: .debouncing("swift"), cache: cachedSwift),
        when: .debounced("swift"),
        then: State(
          text: "swift", status: .results(Results(query: "swift", first: swift)),
          cache: cachedSwift)),
      Example(
        "results arrive, are shown and cached", given: searchingSwift,
        when: .loaded(swiftRequest, swift),
        then: State(
          text: "swift", status: .results(Results(query: "swift", first: swift)),
          cache: cachedSwift, seen: swift.results, requestsStarted: 1)),
      Example(
        "a stale answer for an older query is dropped", given: searchingStar,
        when: .loaded(Request(query: "sta", page: 1, id: 1), sta), then: searchingStar),
      Example(
        "a 500 falls back to the local catalog, ranked, offline", given: searchingStar,
        when: .failed(
          starRequest,
          .unavailable(reason: serverError.userMessage, local: SearchSamples.local)),
        then: offlineStar),
      Example(
        "a 401 is an error, with no fallback", given: searchingStar,
        when: .failed(starRequest, .rejected(message: unauthorized.userMessage)),
        then: State(
          text: "star", status: .failed(starRequest, message: unauthorized.userMessage),
          requestsStarted: 2)),
      Example(
        "retry after offline results asks again", given: offlineStar, when: .retry,
        then: State(
          text: "star", status: .searching(Request(query: "star", page: 1, id: 3)),
          requestsStarted: 3)),
      Example(
        "load more asks for the next page", given: starResults, when: .loadMore,
        then: State(
          text: "star", status: .results(loadingMore), cache: cachedStar, seen: star.results,
          requestsStarted: 3)),
      Example(
        "the next page is appended",
        given: State(
          text: "star", status: .results(loadingMore), cache: cachedStar, seen: star.results,
          requestsStarted: 3),
        when: .loaded(pageTwo, star2),
        then: State(
          text: "star", status: .results(bothPages), cache: cachedBoth,
          seen: star.results + star2.results, requestsStarted: 3)),
      Example(
        "load more past the last page does nothing",
        given: State(
          text: "star", status: .results(bothPages), cache: cachedBoth, requestsStarted: 3),
        when: .loadMore,
        then: State(
          text: "star", status: .results(bothPages), cache: cachedBoth, requestsStarted: 3)),
      Example(
        "a query cut under 2 characters cancels the request and shows the hint",
        given: searchingStar, when: .textChanged("s"),
        then: State(text: "s", status: .hint, requestsStarted: 2)),
      Example(
        "clear empties the query and keeps the cache", given: starResults, when: .clear,
        then: State(cache: cachedStar, seen: star.results, requestsStarted: 2)),
      Example(
        "a full cache evicts the page used least recently",
        given: State(
          text: "swift", status: .searching(Request(query: "swift", page: 1, id: 3)),
          cache: fullCache, requestsStarted: 3),
        when: .loaded(Request(query: "swift", page: 1, id: 3), swift),
        then: State(
          text: "swift", status: .results(Results(query: "swift", first: swift)), cache: evicted,
          seen: swift.results, requestsStarted: 3)),
    ]
  }()
}
