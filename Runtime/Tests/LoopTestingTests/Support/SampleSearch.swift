import Loop
import LoopTesting
import Testing

/// The sample machine the TestStore tests drive: a debounced search with a switch-latest
/// request and a live ticker stream, as small as a real feature gets.
struct SampleSearch: Machine {
  struct State: Hashable, Sendable {
    var query = ""
    /// The query waiting out the debounce window.
    var pending: String?
    /// The query whose request is in flight.
    var request: String?
    var results: [String] = []
    var error: String?
    var isWatching = false
    var ticks: [Int] = []

    var isLoading: Bool { request != nil }
    /// The ticker's query: a stream runs while the user watches.
    var tickerQuery: Bool? { isWatching ? true : nil }
  }

  enum Event: Hashable, Sendable {
    case typed(String)
    case debounced(String)
    case loaded(String, [String])
    case failed(String)
    case watch(Bool)
    case tick(Int)
  }

  let search: @Sendable (String) async throws -> [String]
  let ticker: @Sendable () -> ControlledStream<Int>.Stream
  let clock: any Clock<Duration>

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .typed(let query):
      state.query = query
      state.pending = query.count >= 2 ? query : nil
    case .debounced(let query):
      state.pending = nil
      state.request = query
    case .loaded(let query, let results):
      guard query == state.request else { return }
      state.request = nil
      state.results = results
      state.error = nil
    case .failed(let message):
      state.request = nil
      state.error = message
    case .watch(let isWatching):
      state.isWatching = isWatching
    case .tick(let tick):
      state.ticks.append(tick)
    }
  }

  var feedbacks: [Feedback<State, Event>] {
    [
      .onChange(of: \.pending, name: "debounce") { [clock] query in
        try await clock.sleep(for: .milliseconds(300))
        return .debounced(query)
      },
      .onChange(
        of: \.request, name: "search",
        effect: { [search] query in .loaded(query, try await search(query)) },
        onError: { _, error in .failed("\(error)") }),
      .streaming(of: \.tickerQuery, name: "ticker") { [ticker] _ in
        ticker().map { Event.tick($0) }
      },
    ]
  }
}

/// A sample search with its instruments: every test makes its own.
struct SampleHarness {
  let clock = TestClock()
  let work = ControlledWork<[String]>()
  let ticks = ControlledStream<Int>()
  let calls = CallLog<String>()

  var machine: SampleSearch {
    SampleSearch(
      search: calls.recording { [work] _ in try await work.makeWork() },
      ticker: { [ticks] in ticks.makeStream() },
      clock: clock)
  }

  func store(
    _ exhaustivity: Exhaustivity, initial: SampleSearch.State = SampleSearch.State()
  ) -> TestStore<SampleSearch.State, SampleSearch.Event> {
    TestStore(initial: initial, machine: machine, clock: clock, exhaustivity: exhaustivity)
  }
}

/// The text of an issue's comments: the failure message a test checks.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}
