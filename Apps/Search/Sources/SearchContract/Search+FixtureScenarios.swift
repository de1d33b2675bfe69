import LoopContracts
import LoopTesting
import MovieCatalog
import SearchFeature

extension Search {
  /// The search offline on the bundled fixtures, as `movie-search` runs by default
  /// (docs/apps/search.md, "Fixtures"): a query with a file gets its pages, later ones from
  /// `pages/`; any other query, every bundled movie whose title contains it, 20 a page.
  ///
  /// The counts are read from the fixture files by hand: `star.json` holds 20 of 31 results,
  /// `pages/star-2.json` the other 11, the first "The Star Keeper"; 42 bundled titles contain
  /// "the" (the five popular pages and every search file, each movie once), so 3 pages.
  static let fixtureScenarios: [Scenario<Search>] = [
    Scenario("star's second page comes from the bundled pages: 31 movies, the last page 2") {
      context in
      let state = await loadAll(context, "star", loadMores: 2)
      context.check(
        state.movies.count == 31 && state.movies[20].title == "The Star Keeper",
        "\(state.movies.count) movies, the 21st \(state.movies.dropFirst(20).first?.title ?? "-")")
      context.check(results(state)?.lastPage == 2, "\(state.status)")
    },
    Scenario("a query with no file gets every bundled title containing it, 20 a page") {
      context in
      let state = await loadAll(context, "the", loadMores: 3)
      let results = results(state)
      context.check(
        results?.lastPage == 3 && results?.totalResults == 42 && state.movies.count == 42,
        "last page \(results?.lastPage ?? -1), \(results?.totalResults ?? -1) results, "
          + "\(state.movies.count) movies")
      context.check(
        state.movies.allSatisfy { $0.title.lowercased().contains("the") },
        "a title without the query: \(state.movies.map(\.title))")
    },
  ]

  /// The live results `state` shows, if it shows them.
  private static func results(_ state: State) -> Results? {
    if case .results(let results) = state.status { results } else { nil }
  }

  /// The state after searching the fixtures for `query` and asking for more `loadMores`
  /// times (once more than there are pages: the last ask must ask nothing).
  private static func loadAll(_ context: ScenarioContext<Search>, _ query: String, loadMores: Int)
    async -> State
  {
    let calls = CallLog<SearchCall>()
    let store = context.store(initial: State()) { clock in
      SearchSamples.machine(SearchSamples.recording(calls, SearchSamples.catalog), clock: clock)
    }
    store.send(.textChanged(query))
    await store.advance(by: window)
    await store.settle()
    for _ in 0..<loadMores {
      store.send(.loadMore)
      await store.settle()
    }
    context.budget(
      "search", calls, exactly: loadMores,
      with: (1...loadMores).map { SearchCall(query, page: $0) })
    return store.state
  }
}
