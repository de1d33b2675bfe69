import Foundation
import Loop
import LoopContracts
import LoopTesting
import MovieCatalog
import SearchFeature

// The contract lives in its own module so the `movie-search` executable, which links only
// SearchFeature, does not link the test frameworks LoopTesting reports through.

extension Search: Contracted {
  /// The search's specification: its state diagram, rows, invariants, scenarios and alphabet.
  public static let contract = Contract(
    name: "movie-search",
    // Launch, and launch with a one-page cache, so exploration reaches eviction too.
    initialStates: [State(), State(cache: SearchCache(capacity: 1))],
    phase: { state in
      switch state.status {
      case .idle: .idle
      case .hint: .hint
      case .debouncing: .debouncing
      case .searching: .searching
      case .results(let results) where results.more.request != nil: .loadingMore
      case .results: .results
      case .offline: .offline
      case .failed: .failed
      }
    },
    table: table,
    examples: examples,
    invariants: invariants,
    laws: laws,
    roundTrips: [
      .recordingFile(app: "movie-search", events: Event.self),
      // A recording keeps the debounce, so its replay debounces as the app did.
      RoundTrip("a recording's settings give back the debounce", sample: 50) { state in
        Duration?.some(.milliseconds(300 + state.text.count))
      } through: { debounce in
        Search.debounce(inRecordingSettings: Search.recordingSettings(debounce: debounce ?? .zero))
      },
    ],
    scenarios: scenarios + edgeScenarios + liveScenarios + catalogScenarios + fixtureScenarios,
    equivalentMutants: [
      .deliversEffectEventsTwice:
        "every answer names its request and the reducer takes only the one in flight, which "
        + "the first copy ends; a second `debounced` finds the query no longer debouncing",
      .acceptsStaleEvents:
        "the reducer itself drops an answer for any request but the one in flight (by request "
        + "id) and a `debounced` for any query but the one debouncing, so a superseded "
        + "effect's event changes nothing even when the runtime lets it through",
    ],
    alphabet: alphabet,
    makeMachine: { SearchSamples.machine(SearchSamples.catalog, clock: ContinuousClock()) })

  /// The phases of the search: the nodes of the diagram.
  public enum Phase: CaseIterable, Sendable {
    case idle, hint, debouncing, searching, results, loadingMore, offline, failed
  }

  /// The kinds of event, one per case of ``Event``: the labels of the diagram's arrows.
  public enum Kind: String, CaseIterable, Sendable {
    case textChanged, clear, loadMore, retry, debounced, loaded, failed
  }

  static let table: [Move<Phase, Kind>] =
    // Typing can always clear the query, shorten it below the minimum or change it.
    Move.fromEveryPhase(on: .textChanged, to: .idle)
    + Move.fromEveryPhase(on: .textChanged, to: .hint)
    + Move.fromEveryPhase(on: .textChanged, to: .debouncing)
    + Move.fromEveryPhase(on: .clear, to: .idle)
    // An edit that normalizes to the same query changes nothing.
    + [Phase.searching, .results, .loadingMore, .offline, .failed].map {
      Move($0, on: .textChanged, to: $0)
    }
    // Stale answers (an older request's, an older debounce's) and requests that do not apply
    // change no phase.
    + Move.staysInEveryPhase(on: .debounced) + Move.staysInEveryPhase(on: .loaded)
    + Move.staysInEveryPhase(on: .failed) + Move.staysInEveryPhase(on: .loadMore)
    + [Phase.idle, .hint, .debouncing, .searching, .results, .loadingMore].map {
      Move($0, on: .retry, to: $0)
    }
    + [
      Move(.debouncing, on: .debounced, to: .searching),
      Move(.debouncing, on: .debounced, to: .results),  // from the cache
      Move(.searching, on: .loaded, to: .results),
      Move(.searching, on: .failed, to: .offline),
      Move(.searching, on: .failed, to: .failed),
      Move(.results, on: .loadMore, to: .loadingMore),
      Move(.loadingMore, on: .loaded, to: .results),
      Move(.loadingMore, on: .failed, to: .results),  // the results stay; retry asks again
      Move(.results, on: .retry, to: .loadingMore),
      Move(.offline, on: .retry, to: .searching),
      Move(.failed, on: .retry, to: .searching),
    ]

  /// A query as docs/apps/search.md defines it, worked out here rather than by the feature:
  /// trimmed, inner whitespace collapsed to one space, lowercased.
  static func hygienic(_ text: String) -> String {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The query and page of every page a cache holds.
  static func keys(_ cache: SearchCache) -> Set<SearchCache.Key> { Set(cache.entries.map(\.key)) }

  /// Whether `ranked` is the offline ranking docs/apps/search.md describes, worked out here.
  ///
  /// Every movie of `movies` (once) whose title starts with the query, then those with a word
  /// that does, then those that contain it, each group most popular first; equal popularity
  /// by title, then by TMDB id.
  static func isDocumentedRanking(_ ranked: [Movie], of query: String, among movies: [Movie])
    -> Bool
  {
    func group(_ movie: Movie) -> Int? {
      let title = hygienic(movie.title)
      if title.hasPrefix(query) { return 0 }
      if title.split(separator: " ").contains(where: { $0.hasPrefix(query) }) { return 1 }
      return title.contains(query) ? 2 : nil
    }
    let matching = Set(movies.filter { group($0) != nil }.map(\.id))
    guard Set(ranked.map(\.id)) == matching, ranked.count == matching.count else { return false }
    return zip(ranked, ranked.dropFirst()).allSatisfy { first, next in
      let (a, b) = (group(first) ?? 3, group(next) ?? 3)
      guard a == b else { return a < b }
      if first.popularity != next.popularity { return first.popularity > next.popularity }
      if first.title != next.title { return first.title < next.title }
      return first.id < next.id
    }
  }

  /// What each event may and may not change, from docs/apps/search.md.
  static let laws: [Law<State, Event, Kind>] = [
    Law("the text is what was typed, and only typing or clearing changes it") {
      before, event, after in
      switch event {
      case .textChanged(let text): after.text == text
      case .clear: after.text.isEmpty
      case .loadMore, .retry, .debounced, .loaded, .failed: after.text == before.text
      }
    },
    Law(
      "an edit to the same normalized query restarts nothing and asks for nothing",
      on: .textChanged
    ) { before, event, after in
      guard case .textChanged(let text) = event, hygienic(text) == hygienic(before.text) else {
        return true
      }
      return after.status == before.status && after.cache == before.cache
        && after.requestsStarted == before.requestsStarted && after.seen == before.seen
    },
    Law("an answer for any request but the current one is dropped", on: .loaded, .failed) {
      before, event, after in
      switch event {
      case .loaded(let request, _), .failed(let request, _):
        return request == before.status.request || after == before
      case .textChanged, .clear, .loadMore, .retry, .debounced: return true
      }
    },
    Law("a page arrives into the cache and the movies seen, and nothing seen is forgotten") {
      before, event, after in
      let seen = Set(after.seen.map(\.id))
      guard Set(before.seen.map(\.id)).isSubset(of: seen) else { return false }
      guard case .loaded(let request, let page) = event, request == before.status.request else {
        return keys(after.cache) == keys(before.cache)
      }
      let cached = after.cache.contains(SearchCache.Key(query: request.query, page: request.page))
      return (cached || after.cache.capacity == 0)
        && page.results.allSatisfy { seen.contains($0.id) }
    },
    Law(
      "a page of more results keeps the movies listed and adds its new ones after them",
      on: .loaded
    ) { before, event, after in
      guard case .loaded(let request, let page) = event, request == before.status.request,
        case .results(let shown) = before.status
      else { return true }
      var expected = shown.movies
      for movie in page.results where !expected.contains(where: { $0.id == movie.id }) {
        expected.append(movie)
      }
      return after.movies == expected
    },
    Law("a page that arrives gives the count of results and the last page TMDB said", on: .loaded) {
      before, event, after in
      guard case .loaded(let request, let page) = event, request == before.status.request else {
        return true
      }
      guard case .results(let shown) = after.status else { return false }
      return shown.query == request.query && shown.pagesLoaded == request.page
        && shown.totalResults == page.totalResults && shown.lastPage == page.lastPage
        && shown.more == .idle
    },
    Law(
      "load more asks for the next page of the same query while there is one, else nothing",
      on: .loadMore
    ) { before, _, after in
      guard case .results(let shown) = before.status, shown.more.request == nil,
        shown.pagesLoaded < shown.lastPage
      else { return after == before }
      guard case .results(let next) = after.status, next.query == shown.query else {
        return false
      }
      // Asked for, or answered at once from the cache.
      return next.more.request?.page == shown.pagesLoaded + 1
        || next.pagesLoaded == shown.pagesLoaded + 1
    },
    Law("a failure TMDB may recover from ranks offline; any other shows an error", on: .failed) {
      before, event, after in
      guard case .failed(let request, let failure) = event, request == before.status.request,
        case .searching = before.status
      else { return true }
      switch (failure, after.status) {
      case (.unavailable(let reason, _), .offline(let offline)):
        return offline.request == request && offline.reason == reason
      case (.rejected(let message), .failed(let failed, let shown)):
        return failed == request && shown == message
      default: return false
      }
    },
    Law("offline results rank what was seen and the local catalog as documented", on: .failed) {
      before, event, after in
      guard case .failed(let request, .unavailable(_, let local)) = event,
        request == before.status.request, case .searching = before.status,
        case .offline(let offline) = after.status
      else { return true }
      return isDocumentedRanking(offline.movies, of: request.query, among: before.seen + local)
    },
    Law("a new request takes the next id, and no other step changes the count") {
      before, _, after in
      guard let request = after.status.request, request != before.status.request else {
        return after.requestsStarted == before.requestsStarted
      }
      return request.id == before.requestsStarted + 1 && after.requestsStarted == request.id
    },
  ]

  static let invariants: [Invariant<State>] = [
    Invariant("results, requests and the debounce always belong to the current normalized query") {
      state in
      state.status.query == (isSearchable(state.query) ? state.query : nil)
    },
    Invariant("no request is in flight for a query under 2 characters") { state in
      guard let request = state.status.request else { return true }
      return isSearchable(request.query) && isSearchable(state.query)
    },
    Invariant("offline results only come after a failed request for their query") { state in
      guard case .offline(let offline) = state.status else { return true }
      return offline.request.page == 1 && offline.request.id >= 1
        && offline.request.id <= state.requestsStarted && !offline.reason.isEmpty
        && offline.movies.allSatisfy {
          OfflineRanking.match(offline.request.query, title: $0.title) != nil
        }
    },
    Invariant("at most one request is in flight: the latest one started") { state in
      state.status.request.map { $0.id == state.requestsStarted } ?? true
    },
    Invariant("the cache never holds more than its capacity") { state in
      state.cache.count <= state.cache.capacity
    },
    Invariant("the hint shows exactly when the query is under 2 characters") { state in
      (state.status == .hint) == (!state.query.isEmpty && !isSearchable(state.query))
    },
    Invariant("no movie is listed twice") { state in
      Set(state.movies.map(\.id)).count == state.movies.count
    },
    Invariant("load more asks for the page after the last one loaded, never past the last") {
      state in
      guard case .results(let results) = state.status else { return true }
      guard let request = results.more.request else { return results.pagesLoaded >= 1 }
      return request.page == results.pagesLoaded + 1 && request.page <= results.lastPage
    },
  ]

  /// The texts exploration types: empty, too short, two prefixes of one word (so an answer
  /// can arrive late), that word again with other spacing and case, and another word.
  static let typed = ["", "a", "sta", "star", "  Star ", "swift", " STAR \t wars"]

  /// A request no state ever has in flight: ids start at 1.
  static let staleRequest = Request(query: "sta", page: 1, id: 0)

  /// The events worth trying: the user's, the debounce closing, the answers to the request in
  /// flight (a page, a 500, a 401), and stale ones.
  static let alphabet: @Sendable (State) -> [Event] = { state in
    var events: [Event] =
      typed.map(Event.textChanged) + [
        .clear, .loadMore, .retry, .debounced("sta"),
        .loaded(staleRequest, SearchSamples.small("sta")),
        .failed(staleRequest, .rejected(message: "stale failure")),
      ]
    if let query = state.status.debouncing {
      events.append(.debounced(query))
    }
    if let request = state.status.request {
      events += [
        .loaded(request, SearchSamples.small(request.query, request.page)),
        .failed(
          request, .unavailable(reason: serverError.userMessage, local: SearchSamples.smallLocal)),
        .failed(request, .rejected(message: unauthorized.userMessage)),
      ]
    }
    return events
  }

  /// TMDB's internal error, as the live client reports it.
  static let serverError = MovieCatalogError.server(
    status: 500, code: 11, message: "Internal error: Something went wrong, contact TMDb.")

  /// TMDB's answer to a bad key, as the live client reports it.
  static let unauthorized = MovieCatalogError.unauthorized(
    statusCode: 7, message: "Invalid API key: You must be granted a valid key.")
}
