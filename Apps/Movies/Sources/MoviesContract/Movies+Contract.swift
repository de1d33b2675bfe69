import Fixtures
import Loop
import LoopContracts
import LoopTesting
import MovieCatalog
import MoviesFeature

// The contract lives in its own module so the `movies` executable, which links only
// MoviesFeature, does not link the test frameworks LoopTesting reports through.

extension Movies: Contracted {
  /// The pager's specification: its state diagram, rows, invariants, scenarios and alphabet.
  public static let contract = Contract(
    name: "movies",
    // Launch, and one page before the end, so exploration reaches the last page too.
    initialStates: [State(), SamplePages.nearTheEnd],
    phase: { state in
      switch state.status {
      case .loading: .loading
      case .failed: .failed
      case .idle where state.pagesLoaded == 0: .empty
      case .idle where state.isExhausted: .exhausted
      case .idle: .browsing
      }
    },
    table: table,
    examples: examples,
    invariants: invariants,
    laws: laws,
    roundTrips: [.recordingFile(app: "movies", events: Event.self)],
    scenarios: scenarios + liveScenarios + catalogScenarios,
    equivalentMutants: [
      .deliversEffectEventsTwice:
        "an answer applies only to the request in flight, which the first copy ends",
      .acceptsStaleEvents:
        "each request carries an id and the reducer drops an answer to any request but the one "
        + "in flight, so a superseded load's event changes nothing even when let through",
    ],
    alphabet: alphabet,
    makeMachine: { Movies(catalog: .fixtures) })

  /// The phases of the pager: the nodes of the diagram.
  public enum Phase: CaseIterable, Sendable {
    case empty, browsing, exhausted, failed, loading
  }

  /// The kinds of event, one per case of ``Event``: the labels of the diagram's arrows.
  public enum Kind: String, CaseIterable, Sendable {
    case nextPage, retry, refresh, reload, pageLoaded, pageFailed
  }

  static let table: [Move<Phase, Kind>] =
    // Stale answers (an older request's) and requests that do not apply change no phase.
    Move.staysInEveryPhase(on: .pageLoaded) + Move.staysInEveryPhase(on: .pageFailed)
    + [Phase.empty, .browsing, .exhausted, .loading].map { Move($0, on: .retry, to: $0) }
    + Move.fromEveryPhase(on: .refresh, to: .loading)
    + Move.fromEveryPhase(on: .reload, to: .loading)
    + [
      Move(.empty, on: .nextPage, to: .loading),
      Move(.browsing, on: .nextPage, to: .loading),
      Move(.failed, on: .nextPage, to: .loading),
      Move(.loading, on: .nextPage, to: .loading),
      Move(.exhausted, on: .nextPage, to: .exhausted),
      Move(.failed, on: .retry, to: .loading),
      Move(.loading, on: .pageLoaded, to: .browsing),
      Move(.loading, on: .pageLoaded, to: .exhausted),
      Move(.loading, on: .pageFailed, to: .failed),
    ]

  static let invariants: [Invariant<State>] = [
    Invariant("no movie is listed twice") { Set($0.movies.map(\.id)).count == $0.movies.count },
    Invariant("the page loading is always the one after the last page loaded") {
      state in
      guard let request = state.status.request else { return true }
      return request.page == state.pagesLoaded + 1
    },
    Invariant("never past the last page") { state in
      state.lastPage.map { state.pagesLoaded <= max($0, 1) } ?? true
    },
    Invariant("an exhausted list starts no request") { !($0.isExhausted && $0.isLoading) },
    Invariant("a failure keeps the movies already loaded") { state in
      state.pagesLoaded == 0 || !state.movies.isEmpty
    },
    Invariant("the last page is clamped at 500") { ($0.lastPage ?? 0) <= MoviePage.maximumPage },
    Invariant("a failure is always for the page after the last one loaded") { state in
      guard case .failed(let page, _) = state.status else { return true }
      return page == state.pagesLoaded + 1
    },
  ]

  /// What each event may and may not change, from docs/apps/movies.md: the list is kept
  /// until page 1 replaces it, a page adds its new movies in order, an answer to any request
  /// but the one in flight changes nothing, and each load started gets the next id.
  static let laws: [Law<State, Event, Kind>] = [
    Law(
      "no key and no failure removes or reorders a movie",
      on: .nextPage, .retry, .refresh, .reload, .pageFailed
    ) { before, _, after in after.movies == before.movies },
    Law(
      "an answer to a request that is not in flight changes nothing", on: .pageLoaded, .pageFailed
    ) { before, event, after in
      switch event {
      case .pageLoaded(let request, _), .pageFailed(let request, _):
        return request == before.status.request || after == before
      case .nextPage, .retry, .refresh, .reload: return true
      }
    },
    Law(
      "a page appends the movies not yet listed, in its order; page 1 starts afresh",
      on: .pageLoaded
    ) { before, event, after in
      guard case .pageLoaded(let request, let page) = event, request == before.status.request
      else { return true }
      var expected = request.page == 1 ? [] : before.movies
      for movie in page.results where !expected.contains(where: { $0.id == movie.id }) {
        expected.append(movie)
      }
      return after.movies == expected && after.pagesLoaded == request.page
        && after.status == .idle
    },
    Law("a failed page is kept to retry, with the pages loaded before it", on: .pageFailed) {
      before, event, after in
      guard case .pageFailed(let request, let message) = event, request == before.status.request
      else { return true }
      return after.status == .failed(page: request.page, message: message)
        && after.pagesLoaded == before.pagesLoaded && after.lastPage == before.lastPage
    },
    Law("next page while a page loads, or after the last, changes nothing", on: .nextPage) {
      before, _, after in
      !(before.isLoading || (before.isExhausted && before.status == .idle)) || after == before
    },
    Law("retry reloads the page that failed, and does nothing otherwise", on: .retry) {
      before, _, after in
      guard case .failed(let page, _) = before.status else { return after == before }
      return after.status.request?.page == page && after.pagesLoaded == before.pagesLoaded
    },
    Law("a new load takes the next request id, and no other step changes the count") {
      before, _, after in
      guard let request = after.status.request, request != before.status.request else {
        return after.requestsStarted == before.requestsStarted
      }
      return request.id == before.requestsStarted + 1 && after.requestsStarted == request.id
    },
  ]

  /// The events worth trying: the user's three, the answer to the request in flight, and a
  /// stale answer to a request that is not current.
  static let alphabet: @Sendable (State) -> [Event] = { state in
    let stale = Request(page: 1, id: 0)
    var events: [Event] = [
      .nextPage, .retry, .refresh, .reload, .pageLoaded(stale, SamplePages.page(1)),
      .pageFailed(stale, message: "stale failure"),
    ]
    if let request = state.status.request {
      events.append(.pageLoaded(request, SamplePages.page(request.page)))
      events.append(.pageFailed(request, message: "TMDB had an internal error (HTTP 500)"))
    }
    return events
  }
}

/// The bundled popular pages, decoded once, for examples and exploration.
enum SamplePages {
  static let pages: [MoviePage] = (1...5).map { number in
    do {
      return try Fixtures.decode(MoviePage.self, from: "movies/popular-\(number).json")
    } catch {
      preconditionFailure("the movies contract needs its fixtures: \(error)")
    }
  }

  /// Four of the five pages loaded, as a start state for exploration.
  static let nearTheEnd: Movies.State = {
    var state = Movies.State()
    for number in 1...4 {
      let request = Movies.Request(page: number, id: number)
      state.status = .loading(request)
      state.requestsStarted = number
      Movies.reducer(&state, .pageLoaded(request, page(number)))
    }
    return state
  }()

  /// Page `number` of the fixtures; past the last, an empty page.
  static func page(_ number: Int) -> MoviePage {
    guard pages.indices.contains(number - 1) else {
      return MoviePage(page: number, results: [], totalPages: 5, totalResults: 100)
    }
    return pages[number - 1]
  }
}
