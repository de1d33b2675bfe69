import HTTPRetry
import HTTPTransportDoubles
import LoopContracts
import LoopTesting
import MovieCatalog
import MovieCatalogDoubles
import SearchFeature

extension Search {
  /// The search on the live TMDB catalog, its HTTP answered by a script.
  ///
  /// What docs/apps/search.md promises of a live search: the normalized query is what is
  /// asked for, a failure TMDB may recover from falls back offline only after the client's
  /// retries, and any other failure is an error with no fallback. Every expected value is
  /// written here by hand.
  static let liveScenarios: [Scenario<Search>] = [
    Scenario("the normalized query is asked for, page 1 in en-US, a + sent as %2B") { context in
      let http = ScriptedHTTP([.fixture("movies/search/love-plus-static.json")])
      let store = liveStore(context, http)
      store.send(.textChanged("  Love  +  STATIC "))
      await store.advance(by: window)
      await store.wait { !$0.movies.isEmpty }
      let request = http.requests.first
      context.check(request?.path == "/3/search/movie", "the search endpoint is asked")
      context.check(
        request?.query
          == [
            "query": "love + static", "include_adult": "false", "language": "en-US", "page": "1",
          ],
        "the query items: \(request?.query ?? [:])")
      context.check(
        request?.rawQuery.contains("query=love%20%2B%20static") == true,
        "the + is encoded, or TMDB reads it as a space: \(request?.rawQuery ?? "")")
      context.check(
        store.state.movies.map(\.title) == ["Love + Static"], "\(store.state.movies.map(\.title))")
    },
    Scenario("results are shown in the order TMDB served them") { context in
      let http = ScriptedHTTP([.fixture("movies/search/star-wars.json")])
      let store = liveStore(context, http)
      store.send(.textChanged("star wars"))
      await store.advance(by: window)
      await store.wait { !$0.movies.isEmpty }
      context.check(
        store.state.movies.map(\.title) == [
          "Star Wars on Maple Street", "The Star Wars of Ludlow County", "Backyard Star Wars",
          "Star Wars: A Fan Odyssey",
        ], "\(store.state.movies.map(\.title))")
      guard case .results(let results) = store.state.status else { return }
      context.check(results.totalResults == 4, "4 results in all: \(results.totalResults)")
    },
    Scenario("a 503 falls back offline only after 3 retries, saying why") { context in
      let http = ScriptedHTTP(Array(repeating: .status(503), count: 5))
      let store = liveStore(context, http)
      store.send(.textChanged("star"))
      await store.advance(by: window + .seconds(10))
      await store.wait { if case .offline = $0.status { true } else { false } }
      guard case .offline(let offline) = store.state.status else { return }
      context.check(offline.reason.contains("HTTP 503"), "why: \(offline.reason)")
      context.budget("HTTP", http.log, exactly: 4)
    },
    Scenario("without a credential a search is an error at once, asking nothing") { context in
      let http = ScriptedHTTP([.fixture("movies/search/star.json")])
      let store = liveStore(context, http, token: "")
      store.send(.textChanged("star"))
      await store.advance(by: window)
      await store.wait { if case .failed = $0.status { true } else { false } }
      guard case .failed(_, let message) = store.state.status else { return }
      context.check(message.hasPrefix("no TMDB credential: set TMDB_API_KEY"), "\(message)")
      context.budget("HTTP", http.log, exactly: 0)
    },
    Scenario("a 401 is an error with no fallback, asked once") { context in
      let http = ScriptedHTTP([
        .status(401, #"{"status_code":7,"status_message":"Invalid API key.","success":false}"#)
      ])
      let store = liveStore(context, http)
      store.send(.textChanged("star"))
      await store.advance(by: window + .seconds(10))
      await store.wait { if case .failed = $0.status { true } else { false } }
      guard case .failed(_, let message) = store.state.status else { return }
      context.check(message.contains("HTTP 401"), "the line names the status: \(message)")
      context.budget("HTTP", http.log, exactly: 1)
    },
    Scenario("a body that does not decode is an error, not an outage") { context in
      let http = ScriptedHTTP([.status(200, #"{"page": "one"}"#)])
      let store = liveStore(context, http)
      store.send(.textChanged("star"))
      await store.advance(by: window + .seconds(10))
      await store.wait { if case .failed = $0.status { true } else { false } }
      context.budget("HTTP", http.log, exactly: 1)
    },
  ]

  /// A store of the search on the live catalog, its HTTP answered by `http`; the debounce and
  /// the client's retries sleep on one test clock.
  static func liveStore(
    _ context: ScenarioContext<Search>, _ http: ScriptedHTTP,
    token: String = "eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl"
  ) -> TestStore<State, Event> {
    let clock = TestClock()
    // The jitter fixed at its low end: each backoff is its shortest, the same on every run.
    let catalog = MovieCatalog.live(
      token: token, transport: http.transport, clock: clock, retries: RetryPolicy(random: { 0 }))
    return context.store(
      initial: State(), machine: SearchSamples.machine(catalog, clock: clock), clock: clock)
  }
}
