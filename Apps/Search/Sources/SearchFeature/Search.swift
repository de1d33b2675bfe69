import Loop
import MovieCatalog

/// The debounced movie search: results appear once the user stops typing.
///
/// - Query hygiene: the text is trimmed, inner whitespace collapsed and case ignored
///   (``normalized(_:)``); under ``minimumQueryLength`` characters nothing is asked for, the
///   results are cleared and ``hint`` is shown.
/// - Debounce: each edit that changes the normalized query restarts a ``debounce`` window on
///   the injected clock; an edit that normalizes to the same query restarts nothing.
/// - Switch-latest: a newer query cancels the request in flight, and an answer to any request
///   but the current one is ignored.
/// - Cache: recent pages are kept by normalized query and page (``SearchCache``); a repeated
///   query is answered from it with no request.
/// - Paging: ``Event/loadMore`` asks for the next page of the same query while there is one.
/// - Failures: when TMDB cannot answer (``failure(for:local:)``) the search ranks every movie
///   it has seen plus the local catalog (``OfflineRanking``) and marks the results offline; a
///   rejected request (a 401) is shown as an error. ``Event/retry`` asks again.
///
/// ```swift
/// let search = Search(catalog: .fixtures, clock: ContinuousClock(), localCatalog: { [] })
/// let store = Store(initial: Search.State(), machine: search)
/// store.send(.textChanged("star wars"))
/// ```
public struct Search: Machine {
  /// Where results come from.
  public let catalog: MovieCatalog
  /// The clock the debounce sleeps on.
  public let clock: any Clock<Duration>
  /// The movies to rank offline besides those already seen: the bundled popular pages.
  public let localCatalog: @Sendable () -> [Movie]
  /// How long the user must stop typing before a search starts; zero searches at once (the
  /// scripted command line, where the whole query arrives in one go).
  public let debounce: Duration

  /// Creates the search.
  ///
  /// The cache's capacity is part of the state (``SearchCache/capacity``), since the reducer
  /// that fills it is a pure function of the state: pass `State(cache: SearchCache(capacity:))`.
  ///
  /// - Parameters:
  ///   - catalog: The source of search results.
  ///   - clock: The clock the debounce sleeps on.
  ///   - localCatalog: The movies to rank offline, read only when TMDB cannot answer.
  ///   - debounce: The quiet time before a search; ``defaultDebounce`` (300 ms) by default.
  public init(
    catalog: MovieCatalog, clock: any Clock<Duration>,
    localCatalog: @escaping @Sendable () -> [Movie], debounce: Duration = Search.defaultDebounce
  ) {
    self.catalog = catalog
    self.clock = clock
    self.localCatalog = localCatalog
    self.debounce = debounce
  }

  /// The search's transition function.
  public static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .textChanged(let text):
      state.text = text
      let query = state.query
      if query.isEmpty {
        state.status = .idle
      } else if !isSearchable(query) {
        state.status = .hint
      } else if state.status.query != query {
        state.status = .debouncing(query)
      }
    case .clear:
      state.text = ""
      state.status = .idle
    case .debounced(let query):
      guard state.status.debouncing == query else { return }
      if let page = state.cache.lookup(SearchCache.Key(query: query, page: 1)) {
        state.status = .results(Results(query: query, first: page))
      } else {
        state.status = .searching(state.startRequest(query, page: 1))
      }
    case .loadMore:
      guard case .results(var results) = state.status, results.more.request == nil,
        results.hasMore
      else { return }
      state.loadNext(&results)
    case .retry:
      switch state.status {
      case .offline(let offline):
        state.status = .searching(state.startRequest(offline.request.query, page: 1))
      case .failed(let request, _):
        state.status = .searching(state.startRequest(request.query, page: 1))
      case .results(var results):
        guard case .failed = results.more else { return }
        state.loadNext(&results)
      case .idle, .hint, .debouncing, .searching:
        return
      }
    case .loaded(let request, let page):
      guard state.status.request == request else { return }
      state.cache.insert(page, for: SearchCache.Key(query: request.query, page: request.page))
      state.see(page.results)
      if case .results(var results) = state.status {
        results.append(page)
        state.status = .results(results)
      } else {
        state.status = .results(Results(query: request.query, first: page))
      }
    case .failed(let request, let failure):
      guard state.status.request == request else { return }
      if case .results(var results) = state.status {
        switch failure {
        case .unavailable(let message, _), .rejected(let message):
          results.more = .failed(message: message)
        }
        state.status = .results(results)
        return
      }
      switch failure {
      case .unavailable(let reason, let local):
        let ranked = OfflineRanking.rank(request.query, in: state.seen + local)
        state.status = .offline(OfflineResults(request: request, movies: ranked, reason: reason))
      case .rejected(let message):
        state.status = .failed(request, message: message)
      }
    }
  }

  /// Two feedbacks: the debounce, and the request for whatever page the state asks for.
  public var feedbacks: [Feedback<State, Event>] {
    [
      .onChange(of: \.status.debouncing, name: "debounce") { [clock, debounce] query in
        if debounce > .zero {
          try await clock.sleep(for: debounce)
        }
        return .debounced(query)
      },
      .onChange(
        of: \.status.request, name: "search",
        effect: { [catalog] request in
          .loaded(request, try await catalog.search(request.query, request.page))
        },
        // Every error ends the request: outside the catalog's documented errors, as one the
        // network raised. Cancellation (a newer request) never reaches onError.
        onError: { [localCatalog] request, error in
          let failure = error as? MovieCatalogError ?? .network(String(describing: error))
          return .failed(request, Search.failure(for: failure, local: localCatalog))
        }),
    ]
  }
}

extension Search.State {
  /// Starts a new request: the next id, for `query` and `page`.
  mutating func startRequest(_ query: String, page: Int) -> Search.Request {
    requestsStarted += 1
    return Search.Request(query: query, page: page, id: requestsStarted)
  }

  /// Loads the page after `results`: from the cache when it is there, else with a request.
  mutating func loadNext(_ results: inout Search.Results) {
    let key = SearchCache.Key(query: results.query, page: results.pagesLoaded + 1)
    if let page = cache.lookup(key) {
      results.append(page)
    } else {
      results.more = .loading(startRequest(key.query, page: key.page))
    }
    status = .results(results)
  }

  /// Remembers movies seen in live results, for offline ranking.
  mutating func see(_ movies: [Movie]) {
    var known = Set(seen.map(\.id))
    for movie in movies where known.insert(movie.id).inserted {
      seen.append(movie)
    }
  }
}
