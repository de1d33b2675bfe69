import LoopContracts
import LoopTesting
import MovieCatalog
import SearchFeature

extension Search {
  /// The boundaries of the timed rule, the cache's eviction order, and the line the user reads
  /// for each kind of failure; every expected value is written out from the fixtures.
  static let edgeScenarios: [Scenario<Search>] = [
    Scenario("a search starts exactly 300 ms after the last edit, not 1 ms sooner") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock),
        clock: clock)
      store.send(.textChanged("sw"))
      await store.advance(by: .milliseconds(299))
      store.send(.textChanged("swift"))
      await store.advance(by: .milliseconds(299))
      context.check(calls.count == 0, "nothing is searched 299 ms after the last edit")
      await store.advance(by: .milliseconds(1))
      await store.wait { $0.movies.count == 5 }
      context.budget("search", calls, exactly: 1, with: [SearchCall("swift")])
    },
    Scenario("tabs and runs of spaces inside a query collapse: one search for star wars") {
      context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock),
        clock: clock)
      store.send(.textChanged("\tStar \t  Wars "))
      context.check(
        store.state.status == .debouncing("star wars"), "the query is star wars, as typed once")
      await store.advance(by: .milliseconds(300))
      await store.wait { $0.movies.count == 4 }
      store.send(.textChanged("STAR WARS"))
      await store.advance(by: .milliseconds(300))
      context.budget("search", calls, exactly: 1, with: [SearchCall("star wars")])
    },
    Scenario("a two-page cache answers a repeat and evicts the least recently used page") {
      context in
      // star and swift fill it; star again is a hit and becomes the most recent, so star wars
      // evicts swift (first in, first out would evict star); star is still a hit.
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(cache: SearchCache(capacity: 2)),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock), clock: clock)
      for (text, count) in [
        ("star", 20), ("swift", 5), ("star", 20), ("star wars", 4), ("star", 20), ("swift", 5),
      ] {
        store.send(.textChanged(text))
        await store.advance(by: .milliseconds(300))
        await store.wait { $0.status.query == text && $0.movies.count == count }
      }
      context.budget(
        "search", calls, exactly: 4,
        with: [
          SearchCall("star"), SearchCall("swift"), SearchCall("star wars"), SearchCall("swift"),
        ])
    },
    Scenario("each kind of failure shows its own line: offline for outages, an error otherwise") {
      context in
      let cases: [(MovieCatalogError, offline: Bool, line: String)] = [
        (
          .server(status: 503, code: nil, message: nil), true,
          "TMDB failed on its side (HTTP 503): try again later"
        ),
        (
          .rateLimited(retryAfter: nil), true,
          "TMDB is limiting requests (HTTP 429): try again shortly"
        ),
        (.network("The network connection was lost."), true, "The network connection was lost."),
        (
          .unauthorized(statusCode: 7, message: "Invalid API key."), false,
          "TMDB rejected the API key (HTTP 401): Invalid API key."
        ),
        (.notFound, false, "TMDB has no such resource (HTTP 404)"),
        (
          .decoding("TMDB's answer did not decode: missing results"), false,
          "TMDB's answer did not decode: missing results"
        ),
      ]
      for (error, offline, line) in cases {
        let clock = TestClock()
        let store = context.store(
          initial: State(),
          machine: SearchSamples.machine(SearchSamples.failing("swift", with: error), clock: clock),
          clock: clock)
        store.send(.textChanged("swift"))
        await store.advance(by: .milliseconds(300))
        await store.wait { $0.status.request == nil && $0.status.debouncing == nil }
        switch store.state.status {
        case .offline(let results):
          context.check(offline, "\(error) is an outage: shown offline")
          context.check(results.reason == line, "the offline line for \(error): \(results.reason)")
          // No bundled popular title has "swift" in it, and nothing was seen before.
          context.check(results.movies.isEmpty, "offline, nothing matches swift")
        case .failed(_, let message):
          context.check(!offline, "\(error) is not an outage: shown as an error")
          context.check(message == line, "the error line for \(error): \(message)")
        default:
          context.check(false, "\(error) ended in \(store.state.status)")
        }
      }
    },
  ]
}
