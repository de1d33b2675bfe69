import LoopContracts
import LoopTesting
import MovieCatalog
import MoviesFeature

extension Movies {
  /// The fixture catalog, with every popular call recorded in `calls`.
  static func recording(_ calls: CallLog<Int>) -> MovieCatalog {
    let fixtures = MovieCatalog.fixtures
    return MovieCatalog(
      popular: calls.recording { page in try await fixtures.popular(page) },
      search: fixtures.search)
  }

  /// A catalog whose popular pages come from `work`, one generation per call.
  static func controlled(_ work: ControlledWork<MoviePage>, _ calls: CallLog<Int>) -> MovieCatalog {
    MovieCatalog(
      popular: calls.recording { _ in try await work.makeWork() },
      search: MovieCatalog.fixtures.search)
  }

  static let scenarios: [Scenario<Movies>] = [
    Scenario("the first page loads with one call, spinner first") { context in
      let calls = CallLog<Int>()
      let store = context.store(initial: State(), machine: Movies(catalog: recording(calls)))
      store.send(.nextPage)
      await store.wait { $0.isLoading }
      await store.wait { $0.pagesLoaded == 1 && !$0.isLoading }
      context.check(store.state.movies.count == 20, "page 1 shows 20 movies")
      context.budget("popular", calls, exactly: 1, with: [1])
    },
    Scenario("three rapid next-page requests cause one call") { context in
      // The load is held in flight, so all three requests arrive while it is loading.
      let calls = CallLog<Int>()
      let work = ControlledWork<MoviePage>()
      let store = context.store(initial: State(), machine: Movies(catalog: controlled(work, calls)))
      store.send(.nextPage)
      store.send(.nextPage)
      store.send(.nextPage)
      await store.settle()
      for generation in work.pendingGenerations {
        work.succeed(generation, with: SamplePages.page(1))
      }
      await store.wait { $0.pagesLoaded == 1 }
      context.budget("popular", calls, exactly: 1, with: [1])
    },
    Scenario("refresh during a load ignores the old response") { context in
      let calls = CallLog<Int>()
      let work = ControlledWork<MoviePage>()
      let store = context.store(initial: State(), machine: Movies(catalog: controlled(work, calls)))
      store.send(.nextPage)
      await store.settle()
      store.send(.refresh)
      await store.settle()
      work.succeed(0, with: SamplePages.page(1))  // the old load answers late
      work.succeed(1, with: SamplePages.page(1))
      await store.wait { $0.pagesLoaded == 1 }
      context.check(work.droppedCompletions == [0], "the old load's answer was dropped")
      context.check(store.state.movies.count == 20, "page 1 shows once, 20 movies")
      context.budget("popular", calls, exactly: 2, with: [1, 1])
    },
    Scenario("a 500 then retry then success keeps the loaded page") { context in
      let calls = CallLog<Int>()
      let work = ControlledWork<MoviePage>()
      let store = context.store(initial: State(), machine: Movies(catalog: controlled(work, calls)))
      store.send(.nextPage)
      await store.settle()
      work.succeed(0, with: SamplePages.page(1))
      await store.wait { $0.pagesLoaded == 1 }
      store.send(.nextPage)
      await store.settle()
      work.fail(1, MovieCatalogError.server(status: 500, code: 11, message: "Internal error."))
      await store.wait { if case .failed(page: 2, _) = $0.status { true } else { false } }
      context.check(store.state.movies.count == 20, "the failure keeps page 1")
      store.send(.retry)
      await store.settle()
      work.succeed(2, with: SamplePages.page(2))
      await store.wait { $0.pagesLoaded == 2 }
      context.check(store.state.movies.count == 40, "page 2 arrives after the retry")
      context.budget("popular", calls, exactly: 3, with: [1, 2, 2])
    },
    Scenario("the last page stops further calls") { context in
      let calls = CallLog<Int>()
      let store = context.store(initial: State(), machine: Movies(catalog: recording(calls)))
      for page in 1...5 {
        store.send(.nextPage)
        await store.wait { $0.pagesLoaded == page && !$0.isLoading }
      }
      store.send(.nextPage)
      await store.settle()
      context.check(store.state.isExhausted, "the list is exhausted after page 5")
      context.budget("popular", calls, exactly: 5, with: [1, 2, 3, 4, 5])
    },
    Scenario("each kind of failure shows the user its own line, and keeps the pages loaded") {
      context in
      let cases: [(any Error, String)] = [
        (
          MovieCatalogError.server(status: 500, code: 11, message: "Internal error."),
          "TMDB failed on its side (HTTP 500): Internal error."
        ),
        (
          MovieCatalogError.rateLimited(retryAfter: nil),
          "TMDB is limiting requests (HTTP 429): try again shortly"
        ),
        // The wait is shown in whole seconds, a part of one counted as a whole: 1.5 s is 2.
        (
          MovieCatalogError.rateLimited(retryAfter: .milliseconds(1500)),
          "TMDB is limiting requests (HTTP 429): try again in 2 seconds"
        ),
        (
          MovieCatalogError.unauthorized(statusCode: 7, message: "Invalid API key."),
          "TMDB rejected the API key (HTTP 401): Invalid API key."
        ),
        (MovieCatalogError.network("The request timed out."), "The request timed out."),
        (
          MovieCatalogError.invalidPage(2),
          "there is no page 2 of results (TMDB serves pages 1 to 500)"
        ),
      ]
      for (error, line) in cases {
        let calls = CallLog<Int>()
        let catalog = MovieCatalog(
          popular: calls.recording { page in
            guard page == 1 else { throw error }
            return SamplePages.page(1)
          },
          search: MovieCatalog.fixtures.search)
        let store = context.store(initial: State(), machine: Movies(catalog: catalog))
        store.send(.nextPage)
        await store.wait { $0.pagesLoaded == 1 && !$0.isLoading }
        store.send(.nextPage)
        await store.wait { if case .failed = $0.status { true } else { false } }
        context.check(
          store.state.status == .failed(page: 2, message: line),
          "\(error) shows \"\(line)\": \(store.state.status)")
        context.check(store.state.movies.count == 20, "page 1's 20 movies stay after \(error)")
      }
    },
    Scenario("a movie repeated across pages 3 and 4 is shown once") { context in
      let calls = CallLog<Int>()
      let store = context.store(initial: State(), machine: Movies(catalog: recording(calls)))
      for page in 1...4 {
        store.send(.nextPage)
        await store.wait { $0.pagesLoaded == page && !$0.isLoading }
      }
      context.check(store.state.movies.count == 79, "80 movies less the one repeated")
      context.check(
        store.state.movies.filter { $0.title == "Honeycomb" }.count == 1,
        "Honeycomb, on pages 3 and 4, is listed once")
      context.budget("popular", calls, exactly: 4)
    },
  ]
}
