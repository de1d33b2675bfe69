import Fixtures
import Foundation
import HTTPRetry
import HTTPTransport
import HTTPTransportDoubles
import LoopContracts
import LoopTesting
import MovieCatalog
import MovieCatalogDoubles
import MoviesFeature

extension Movies {
  /// The pager on the live TMDB catalog, its HTTP answered by a script.
  ///
  /// What docs/apps/movies.md (credentials) and docs/ARCHITECTURE.md ("Retries") promise of
  /// a live run. Every expected value is written here by hand.
  static let liveScenarios: [Scenario<Movies>] = [
    Scenario("a read access token goes in a Bearer header, a v3 key in the api_key item") {
      context in
      for (token, bearer, key) in TMDBSamples.credentials {
        let http = ScriptedHTTP([.page(1)])
        let store = liveStore(context, http, token: token, clock: TestClock())
        store.send(.nextPage)
        await store.wait { $0.pagesLoaded == 1 }
        let request = http.requests.first
        var query = ["language": "en-US", "page": "1"]
        query["api_key"] = key
        context.check(request?.path == "/3/movie/popular", "the popular list is asked for")
        context.check(
          request?.query == query,
          "page 1 in en-US, the key only when it is a v3 key: \(request?.query ?? [:])")
        context.check(
          request?.authorization == bearer, "Authorization: \(request?.authorization ?? "none")")
      }
    },
    Scenario("without a credential the page fails at once, asking nothing") { context in
      // Blank is no credential: a token read from a file often carries a newline.
      for token in ["", "   ", "\n", " \t\r\n"] {
        let http = ScriptedHTTP([.page(1)])
        let store = liveStore(context, http, token: token, clock: TestClock())
        store.send(.nextPage)
        await store.wait { if case .failed = $0.status { true } else { false } }
        guard case .failed(_, let message) = store.state.status else { return }
        context.check(
          message == "no TMDB credential: set TMDB_API_KEY to a v3 API key or a read access token",
          "\(message)")
        context.budget("HTTP", http.log, exactly: 0)
      }
    },
    Scenario("a page is shown as TMDB served it") { context in
      let http = ScriptedHTTP([.page(1)])
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.wait { $0.pagesLoaded == 1 }
      let first = store.state.movies.first
      // Popular page 1 of the fixtures, read by hand.
      context.check(store.state.movies.count == 20, "20 movies")
      context.check(first?.id == 1_394_722, "first: id \(first?.id ?? 0)")
      context.check(first?.title == "The Lantern Keeper", "first: \(first?.title ?? "")")
      context.check(first?.year == 1998, "first: year \(first?.year ?? 0)")
      context.check(first?.voteAverage == 8.677, "first: rating \(first?.voteAverage ?? 0)")
      context.check(store.state.lastPage == 5, "5 pages: \(store.state.lastPage ?? 0)")
    },
    Scenario("an unknown release day has no year") { context in
      let http = ScriptedHTTP([.page(4)])
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.wait { $0.pagesLoaded == 1 }
      let lighthouse = store.state.movies.first { $0.title == "Lighthouse 9" }
      context.check(lighthouse != nil && lighthouse?.year == nil, "Lighthouse 9 has no year")
    },
    Scenario("a 503 is asked again 3 times at most, the first after 125 ms at the soonest") {
      context in
      let clock = TestClock()
      let http = ScriptedHTTP([.status(503), .status(503), .status(503), .page(1)])
      let store = liveStore(context, http, clock: clock)
      store.send(.nextPage)
      await store.advance(by: .milliseconds(124))
      context.check(http.requests.count == 1, "no retry before 125 ms: \(http.requests.count)")
      await store.advance(by: .milliseconds(1))
      context.check(http.requests.count == 2, "the retry at 125 ms: \(http.requests.count)")
      await store.advance(by: .seconds(10))
      await store.wait { $0.pagesLoaded == 1 }
      context.budget("HTTP", http.log, exactly: 4)
    },
    Scenario("a fourth 503 fails the page with a line naming the status") { context in
      let http = ScriptedHTTP(Array(repeating: .status(503), count: 5))
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.advance(by: .seconds(10))
      await store.wait { if case .failed = $0.status { true } else { false } }
      guard case .failed(let page, let message) = store.state.status else { return }
      context.check(page == 1, "page 1 failed")
      context.check(message.contains("HTTP 503"), "the line names the status: \(message)")
      context.budget("HTTP", http.log, exactly: 4)
    },
    Scenario("a 401 is not asked again, and its line names the API key") { context in
      let http = ScriptedHTTP([
        .status(401, #"{"status_code":7,"status_message":"Invalid API key.","success":false}"#)
      ])
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.advance(by: .seconds(10))
      await store.wait { if case .failed = $0.status { true } else { false } }
      guard case .failed(_, let message) = store.state.status else { return }
      context.check(
        message.contains("API key") && message.contains("HTTP 401"), "the line: \(message)")
      context.budget("HTTP", http.log, exactly: 1)
    },
    Scenario("Retry-After is waited out exactly: 2 s, not 1 ms less") { context in
      let http = ScriptedHTTP([.status(429, "{}", retryAfter: "2"), .page(1)])
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.advance(by: .milliseconds(1_999))
      context.check(http.requests.count == 1, "not asked again before 2 s")
      await store.advance(by: .milliseconds(1))
      await store.wait { $0.pagesLoaded == 1 }
      context.budget("HTTP", http.log, exactly: 2)
    },
    Scenario("a request that times out is asked again 3 times at most, then the page fails") {
      context in
      let http = ScriptedHTTP(Array(repeating: .timeout, count: 5))
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.advance(by: .seconds(10))
      await store.wait { if case .failed = $0.status { true } else { false } }
      guard case .failed(_, let message) = store.state.status else { return }
      context.check(message.contains("timed out"), "the line says it timed out: \(message)")
      context.budget("HTTP", http.log, exactly: 4)
    },
    Scenario("a request that timed out is asked again, like a 503: after 125 ms, not sooner") {
      context in
      let http = ScriptedHTTP([.timeout, .page(1)])
      let store = liveStore(context, http, clock: TestClock())
      store.send(.nextPage)
      await store.advance(by: .milliseconds(124))
      context.check(http.requests.count == 1, "no retry before 125 ms: \(http.requests.count)")
      await store.advance(by: .milliseconds(1))
      await store.wait { $0.pagesLoaded == 1 }
      context.budget("HTTP", http.log, exactly: 2)
    },
  ]

  /// A store of the pager on the live catalog, its HTTP answered by `http`, its retries
  /// sleeping on `clock`.
  static func liveStore(
    _ context: ScenarioContext<Movies>, _ http: ScriptedHTTP,
    token: String = "eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl", clock: TestClock
  ) -> TestStore<State, Event> {
    // The jitter fixed at its low end: each backoff is its shortest, the same on every run.
    let catalog = MovieCatalog.live(
      token: token, transport: http.transport, clock: clock, retries: RetryPolicy(random: { 0 }))
    return context.store(initial: State(), machine: Movies(catalog: catalog), clock: clock)
  }
}
