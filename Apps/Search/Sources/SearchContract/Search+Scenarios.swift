import LoopContracts
import LoopTesting
import MovieCatalog
import SearchFeature

extension Search {
  /// The debounce window.
  static let window = Duration.milliseconds(300)

  static let scenarios: [Scenario<Search>] = [
    Scenario("typing s, sw, swi, swif, swift inside the window searches once, for swift") {
      context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock),
        clock: clock)
      var timers: [Int] = []
      for text in ["s", "sw", "swi", "swif", "swift"] {
        store.send(.textChanged(text))
        await store.advance(by: .milliseconds(100))
        timers.append(clock.activeSleeperCount)
      }
      // Counted once settled: a cancelled sleep has left by then. (The high-water mark may
      // briefly reach 2, since the runtime starts the new effect before cancelling the old.)
      context.check(timers == [0, 1, 1, 1, 1], "one debounce timer, renewed: \(timers)")
      context.check(calls.count == 0, "nothing is searched while the user types")
      await store.advance(by: window)
      await store.wait { $0.movies.count == 5 }
      context.check(
        store.state.movies.first?.title == "Swift", "the results for swift are shown, Swift first")
      context.budget("search", calls, exactly: 1, with: [SearchCall("swift")])
    },
    Scenario("a single character searches for nothing and shows the hint") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock),
        clock: clock)
      store.send(.textChanged("a"))
      await store.advance(by: .seconds(1))
      context.check(store.state.status == .hint, "the hint is shown")
      context.check(clock.maximumActiveSleeperCount == 0, "no debounce starts for one character")
      context.budget("search", calls, exactly: 0)
    },
    Scenario("star then \"  Star \" searches once") { context in
      // The answer is held back, so "  Star " arrives while star's request is in flight.
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let work = ControlledWork<MoviePage>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.controlled(work, calls), clock: clock),
        clock: clock)
      store.send(.textChanged("star"))
      await store.advance(by: window)
      await store.wait { $0.status.request?.query == "star" }
      store.send(.textChanged("  Star "))
      await store.advance(by: window)
      context.check(work.cancelledGenerations.isEmpty, "the request in flight is kept")
      work.succeed(0, with: SearchSamples.page("star"))
      await store.wait { $0.movies.count == 20 }
      store.send(.textChanged("STAR"))
      await store.advance(by: window)
      context.check(store.state.text == "STAR", "the text is kept as typed")
      context.budget("search", calls, exactly: 1, with: [SearchCall("star")])
    },
    Scenario("the same query after clearing is served from the cache") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock),
        clock: clock)
      store.send(.textChanged("swift"))
      await store.advance(by: window)
      await store.wait { $0.movies.count == 5 }
      store.send(.clear)
      await store.wait { $0.status == .idle && $0.movies.isEmpty }
      store.send(.textChanged("Swift"))
      await store.advance(by: window)
      await store.wait { $0.movies.count == 5 }
      context.budget("search", calls, exactly: 1, with: [SearchCall("swift")])
    },
    Scenario("a slow answer for sta, arriving after star was asked for, is dropped") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let work = ControlledWork<MoviePage>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.controlled(work, calls), clock: clock),
        clock: clock)
      store.send(.textChanged("sta"))
      await store.advance(by: window)
      await store.wait { $0.status.request?.query == "sta" }
      store.send(.textChanged("star"))
      await store.advance(by: window)
      await store.wait { $0.status.request?.query == "star" }
      work.succeed(0, with: SearchSamples.page("sta"))  // sta's answer comes late
      work.succeed(1, with: SearchSamples.page("star"))
      await store.wait { $0.movies.count == 20 }
      context.check(work.droppedCompletions == [0], "sta's late answer was dropped")
      context.check(
        store.state.status.query == "star"
          && store.state.movies == SearchSamples.page("star").results,
        "star's results are shown")
      context.budget(
        "search", calls, exactly: 2, with: [SearchCall("sta"), SearchCall("star")])
    },
    Scenario("a 500 shows the local catalog and movies seen, ranked, offline") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let catalog = SearchSamples.recording(
        calls, SearchSamples.failing("star", with: serverError))
      let store = context.store(
        initial: State(), machine: SearchSamples.machine(catalog, clock: clock), clock: clock)
      store.send(.textChanged("star wars"))
      await store.advance(by: window)
      await store.wait { $0.movies.count == 4 }
      store.send(.textChanged("star"))
      await store.advance(by: window)
      await store.wait { if case .offline = $0.status { true } else { false } }
      context.check(
        store.state.movies.map(\.title) == [
          "Starfall Academy", "Star Wars on Maple Street", "Star Wars: A Fan Odyssey",
          "The Star Wars of Ludlow County", "The Weight of Stars", "Backyard Star Wars",
        ],
        "title prefixes first, then word prefixes, each by popularity: \(store.state.movies.map(\.title))"
      )
      context.budget(
        "search", calls, exactly: 2, with: [SearchCall("star wars"), SearchCall("star")])
    },
    Scenario("a 401 is shown as an error, with no offline results; retry asks again") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let catalog = SearchSamples.recording(calls, .failing(unauthorized))
      let store = context.store(
        initial: State(), machine: SearchSamples.machine(catalog, clock: clock), clock: clock)
      store.send(.textChanged("swift"))
      await store.advance(by: window)
      await store.wait { if case .failed = $0.status { true } else { false } }
      guard case .failed(_, let message) = store.state.status else { return }
      context.check(message.contains("HTTP 401"), "the error names the 401: \(message)")
      store.send(.retry)
      await store.wait { $0.requestsStarted == 2 && $0.status.request == nil }
      context.budget("search", calls, exactly: 2, with: [SearchCall("swift"), SearchCall("swift")])
    },
    Scenario("load more asks for page 2 once, then stops at the last page") { context in
      // Page 2 is held back, so the second request arrives while it is loading.
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let work = ControlledWork<MoviePage>()
      let store = context.store(
        initial: State(),
        machine: SearchSamples.machine(SearchSamples.controlled(work, calls), clock: clock),
        clock: clock)
      store.send(.textChanged("star"))
      await store.advance(by: window)
      work.succeed(0, with: SearchSamples.page("star"))
      await store.wait { $0.movies.count == 20 }
      store.send(.loadMore)
      store.send(.loadMore)
      await store.settle()
      work.succeed(1, with: SearchSamples.page("star", 2))
      await store.wait { $0.movies.count == 31 }
      store.send(.loadMore)
      await store.settle()
      context.budget(
        "search", calls, exactly: 2, with: [SearchCall("star"), SearchCall("star", page: 2)])
    },
    Scenario("a one-page cache forgets the older query") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(cache: SearchCache(capacity: 1)),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock), clock: clock)
      for (text, count) in [("star", 20), ("swift", 5), ("star", 20)] {
        store.send(.textChanged(text))
        await store.advance(by: window)
        await store.wait { $0.status.query == text && $0.movies.count == count }
      }
      context.check(store.state.cache.count == 1, "the cache holds one page")
      context.budget(
        "search", calls, exactly: 3,
        with: [SearchCall("star"), SearchCall("swift"), SearchCall("star")])
    },
  ]
}
