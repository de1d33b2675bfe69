import HTTPTransportDoubles
import LoopContracts
import LoopTesting
import MovieCatalog
import MovieCatalogDoubles
import SearchFeature

extension Search {
  /// What the live catalog promises, as the search shows it (docs/apps/search.md).
  ///
  /// Credentials by shape, release days (a real `YYYY-MM-DD` day, `""` for an unknown one), an
  /// error line for what TMDB will not recover from, and offline results saying why for what
  /// it may ("Failures"). Also the order of ties in offline ranking: equal popularity, then
  /// title, then TMDB id.
  ///
  /// The catalog's cases and their expected values are `TMDBSamples`, written by hand.
  static let catalogScenarios: [Scenario<Search>] = [
    Scenario("a v3 key goes in the api_key item, any other token in a Bearer header") {
      context in
      for (token, bearer, key) in TMDBSamples.credentials {
        let http = ScriptedHTTP([.fixture("movies/search/star.json")])
        let store = liveStore(context, http, token: token)
        store.send(.textChanged("star"))
        await store.advance(by: window)
        await store.wait { !$0.movies.isEmpty }
        let request = http.requests.first
        context.check(
          request?.query["api_key"] == key && request?.authorization == bearer,
          "\(token.debugDescription): api_key \(request?.query["api_key"] ?? "none"), "
            + "Authorization \(request?.authorization ?? "none")")
      }
    },
    Scenario("a release day is a real YYYY-MM-DD day; any other text is an error naming it") {
      context in
      for (text, day) in TMDBSamples.releaseDays {
        let state = await searchOnce(
          context, [.status(200, TMDBSamples.onePage(releaseDate: text))])
        let movie = state.movies.first
        context.check(
          movie == TMDBSamples.onePageMovie(releasedOn: day)
            && movie?.releaseDate?.description == text,
          "\(text): read as \(String(describing: movie))")
      }
      for text in TMDBSamples.notDays {
        let state = await searchOnce(
          context, [.status(200, TMDBSamples.onePage(releaseDate: text))])
        let line = TMDBSamples.notADayLine(text, path: "/3/search/movie")
        context.check(failedLine(state) == line, "\(text): \(state.status)")
      }
    },
    Scenario("what TMDB will not recover from is an error line naming the HTTP status") {
      context in
      for (answers, line) in TMDBSamples.rejections {
        let state = await searchOnce(context, answers)
        context.check(failedLine(state) == line, "expected \"\(line)\", got \(state.status)")
      }
      for (body, reason) in TMDBSamples.malformedBodies {
        let line = "the response from /3/search/movie was not a movie page: \(reason)"
        let state = await searchOnce(context, [.status(200, body)])
        context.check(failedLine(state) == line, "expected \"\(line)\", got \(state.status)")
      }
    },
    Scenario("what TMDB may recover from shows offline results, saying why") { context in
      let network = TMDBSamples.networkFailures.map {
        ([ScriptedHTTP.Answer.failure($0.code)], $0.line)
      }
      for (answers, line) in TMDBSamples.outages + network {
        let http = ScriptedHTTP(answers)
        let state = await searchOnce(context, http)
        // Asked again at most 3 times: every scripted answer is used, and no more.
        context.check(
          http.requests.count == answers.count,
          "\(line): \(http.requests.count) requests for \(answers.count) answers")
        guard case .offline(let offline) = state.status else {
          context.check(false, "expected offline results for \"\(line)\", got \(state.status)")
          continue
        }
        context.check(offline.reason == line, "why: \"\(offline.reason)\", not \"\(line)\"")
      }
    },
    Scenario("a query is sent with every byte but A-Z a-z 0-9 - . _ ~ percent-encoded") {
      context in
      let http = ScriptedHTTP([.fixture("movies/search/star.json")])
      let store = liveStore(context, http)
      store.send(.textChanged("Az09-._~ /&=?#%+é"))
      await store.advance(by: window)
      await store.wait { !$0.movies.isEmpty }
      let raw = http.requests.first?.rawQuery ?? ""
      context.check(
        raw.contains("query=az09-._~%20%2F%26%3D%3F%23%25%2B%C3%A9"), "the query sent: \(raw)")
    },
    Scenario("a timed-out search is asked again after 125 ms, not 1 ms sooner") { context in
      let http = ScriptedHTTP([.timeout, .fixture("movies/search/star.json")])
      let store = liveStore(context, http)
      store.send(.textChanged("star"))
      await store.advance(by: window + .milliseconds(124))
      context.check(http.requests.count == 1, "no retry before 125 ms: \(http.requests.count)")
      await store.advance(by: .milliseconds(1))
      await store.wait { !$0.movies.isEmpty }
      context.budget("HTTP", http.log, exactly: 2)
    },
    Scenario("more results give the count of results TMDB said last") { context in
      @Sendable func page(_ number: Int, total: Int) -> MoviePage {
        MoviePage(
          page: number, results: [Movie(id: 900 + number, title: "Duo \(number)")],
          totalPages: 3, totalResults: total)
      }
      // TMDB's count can change between pages, as movies are added.
      let catalog = MovieCatalog(
        popular: SearchSamples.catalog.popular,
        search: { _, number in page(number, total: number == 1 ? 41 : 43) })
      let clock = TestClock()
      let store = context.store(
        initial: State(), machine: SearchSamples.machine(catalog, clock: clock), clock: clock)
      store.send(.textChanged("duo"))
      await store.advance(by: window)
      await store.wait { $0.movies.count == 1 }
      store.send(.loadMore)
      await store.wait { $0.movies.count == 2 }
      guard case .results(let results) = store.state.status else {
        context.check(false, "no results: \(store.state.status)")
        return
      }
      context.check(
        results.totalResults == 43 && results.pagesLoaded == 2 && results.lastPage == 3,
        "\(results.totalResults) results, \(results.pagesLoaded) of \(results.lastPage) pages")
    },
    Scenario("offline fixtures: a query with no file of its own searches every bundled movie") {
      context in
      // MovieCatalog.fixtures: titles containing the tidied query, ignoring case and accents,
      // among the popular pages' and the search fixtures' movies, most popular first.
      for (query, titles) in [
        ("wren hall", ["The Ghost of Wren Hall"]), ("starveling", ["Starveling"]),
        ("AMELIE", ["Amélie + Co.", "Amélie + Co.: Sur la route"]),
      ] {
        let clock = TestClock()
        let store = context.store(
          initial: State(), machine: SearchSamples.machine(.fixtures, clock: clock), clock: clock)
        store.send(.textChanged(query))
        await store.advance(by: window)
        await store.wait { $0.status.request == nil && $0.status.debouncing == nil }
        context.check(
          store.state.movies.map(\.title) == titles,
          "\(query): \(store.state.movies.map(\.title))")
      }
    },
    Scenario("a cache of capacity 0 keeps nothing: a repeated query asks again") { context in
      let clock = TestClock()
      let calls = CallLog<SearchCall>()
      let store = context.store(
        initial: State(cache: SearchCache(capacity: 0)),
        machine: SearchSamples.machine(SearchSamples.recording(calls), clock: clock), clock: clock)
      for text in ["swift", "star", "swift"] {
        store.send(.textChanged(text))
        await store.advance(by: window)
        await store.wait { $0.status.query == text && !$0.movies.isEmpty }
      }
      context.check(store.state.cache.entries.isEmpty, "\(store.state.cache.count) pages kept")
      context.budget(
        "search", calls, exactly: 3,
        with: [SearchCall("swift"), SearchCall("star"), SearchCall("swift")])
    },
    Scenario("offline, equal popularity ranks by title, then by TMDB id") { context in
      func movie(_ id: Int, _ title: String, _ popularity: Double) -> Movie {
        Movie(id: id, title: title, popularity: popularity)
      }
      // Seen under "the duo"; then "duo" fails and is ranked offline (no bundled title has it).
      let seen = [
        movie(901, "Duo Beta", 3), movie(903, "Duo Alpha", 3), movie(902, "Duo Alpha", 3),
        movie(904, "The Duo", 9), movie(905, "Induo", 1), movie(906, "Duo Gamma", 4),
      ]
      let page = MoviePage(page: 1, results: seen, totalPages: 1, totalResults: 6)
      let catalog = MovieCatalog(
        popular: SearchSamples.catalog.popular,
        search: { query, _ in
          guard query == "the duo" else { throw serverError }
          return page
        })
      let clock = TestClock()
      let store = context.store(
        initial: State(), machine: SearchSamples.machine(catalog, clock: clock), clock: clock)
      store.send(.textChanged("the duo"))
      await store.advance(by: window)
      await store.wait { $0.movies.count == 6 }
      store.send(.textChanged("duo"))
      await store.advance(by: window)
      await store.wait { if case .offline = $0.status { true } else { false } }
      context.check(
        store.state.movies.map(\.id) == [906, 902, 903, 901, 904, 905],
        "Duo Gamma, Duo Alpha (902, 903), Duo Beta, The Duo, Induo: \(store.state.movies.map(\.id))"
      )
    },
  ]

  /// The line of a search that failed with an error, or `nil`.
  private static func failedLine(_ state: State) -> String? {
    guard case .failed(_, let message) = state.status else { return nil }
    return message
  }

  /// The search's state once a search for "seven" has been answered, failed or fallen back
  /// offline, its HTTP answered by `answers` and every retry's wait let pass.
  private static func searchOnce(
    _ context: ScenarioContext<Search>, _ answers: [ScriptedHTTP.Answer]
  ) async -> State {
    await searchOnce(context, ScriptedHTTP(answers))
  }

  /// The search's state once a search for "seven" has been answered on `http`.
  private static func searchOnce(_ context: ScenarioContext<Search>, _ http: ScriptedHTTP)
    async -> State
  {
    let store = liveStore(context, http)
    store.send(.textChanged("seven"))
    await store.advance(by: window + .seconds(60))
    await store.wait { $0.status.request == nil && $0.status.debouncing == nil }
    return store.state
  }
}
