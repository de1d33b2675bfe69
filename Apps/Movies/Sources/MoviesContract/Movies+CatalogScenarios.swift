import HTTPTransportDoubles
import LoopContracts
import LoopTesting
import MovieCatalog
import MovieCatalogDoubles
import MoviesFeature

extension Movies {
  /// What the live catalog promises of the pages it reads and the failures it reports.
  ///
  /// As the pager shows them: release days (a real `YYYY-MM-DD` day, `""` for an unknown one),
  /// the line each movie is listed with (docs/apps/movies.md: title, year or `—`, rating to one
  /// decimal), and the one line a failed page is shown with, naming the HTTP status.
  ///
  /// The cases and their expected values are `TMDBSamples`, written by hand.
  static let catalogScenarios: [Scenario<Movies>] = [
    Scenario("a release day is a real YYYY-MM-DD day, written back as TMDB wrote it") {
      context in
      for (text, day) in TMDBSamples.releaseDays {
        let state = await loadOnePage(
          context, [.status(200, TMDBSamples.onePage(releaseDate: text))])
        let movie = state.movies.first
        context.check(
          movie == TMDBSamples.onePageMovie(releasedOn: day),
          "\(text): read as \(String(describing: movie))")
        let year = day.year
        context.check(
          movie?.releaseDate?.description == text,
          "\(text) written back as \(movie?.releaseDate?.description ?? "nothing")")
        context.check(
          movie?.titleAndYear == "Seven (\(year))", "\(text): \(movie?.titleAndYear ?? "")")
      }
      let unknown = await loadOnePage(
        context, [.status(200, TMDBSamples.onePage(releaseDate: ""))])
      context.check(
        unknown.movies.first == TMDBSamples.onePageMovie(releasedOn: nil),
        "an empty day is unknown: \(String(describing: unknown.movies.first))")
      context.check(
        unknown.movies.first?.titleAndYear == "Seven (—)",
        "an unknown year is listed as —: \(unknown.movies.first?.titleAndYear ?? "")")
    },
    Scenario("a release day that is not a real YYYY-MM-DD day fails the page, naming it") {
      context in
      for text in TMDBSamples.notDays {
        let state = await loadOnePage(
          context, [.status(200, TMDBSamples.onePage(releaseDate: text))])
        let line = TMDBSamples.notADayLine(text, path: "/3/movie/popular")
        context.check(
          state.status == .failed(page: 1, message: line) && state.movies.isEmpty,
          "\(text): \(state.status)")
      }
    },
    Scenario("a rating is listed to one decimal, rounded half away from zero") { context in
      for (average, text) in TMDBSamples.ratings {
        let page = TMDBSamples.onePage(releaseDate: "2001-09-09", voteAverage: average)
        let state = await loadOnePage(context, [.status(200, page)])
        context.check(
          state.movies.first?.ratingText == text,
          "\(average): \(state.movies.first?.ratingText ?? "no movie"), not \(text)")
      }
    },
    Scenario("a failed page's line names what TMDB said and its HTTP status") { context in
      for (answers, line) in TMDBSamples.rejections + TMDBSamples.outages {
        let http = ScriptedHTTP(answers)
        let state = await loadOnePage(context, http)
        // Asked again at most 3 times: every scripted answer is used, and no more.
        context.check(
          http.requests.count == answers.count,
          "\(line): \(http.requests.count) requests for \(answers.count) answers")
        context.check(
          state.status == .failed(page: 1, message: line),
          "expected the line \"\(line)\", got \(state.status)")
      }
    },
    Scenario("a request that fails in the network fails the page at once, saying how") {
      context in
      for (code, line) in TMDBSamples.networkFailures {
        let state = await loadOnePage(context, [.failure(code), .page(1)])
        context.check(
          state.status == .failed(page: 1, message: line),
          "expected \"\(line)\", got \(state.status)")
      }
    },
    Scenario("a body that is not a movie page fails the page, saying where and how") { context in
      for (body, reason) in TMDBSamples.malformedBodies {
        let line = "the response from /3/movie/popular was not a movie page: \(reason)"
        let state = await loadOnePage(context, [.status(200, body)])
        context.check(
          state.status == .failed(page: 1, message: line),
          "expected \"\(line)\", got \(state.status)")
      }
    },
  ]

  /// The pager's state once its first page has loaded or failed, its HTTP answered by
  /// `answers` and every retry's wait let pass.
  private static func loadOnePage(
    _ context: ScenarioContext<Movies>, _ answers: [ScriptedHTTP.Answer]
  ) async -> State {
    await loadOnePage(context, ScriptedHTTP(answers))
  }

  /// The pager's state once its first page has loaded or failed on `http`.
  private static func loadOnePage(_ context: ScenarioContext<Movies>, _ http: ScriptedHTTP)
    async -> State
  {
    let store = liveStore(context, http, clock: TestClock())
    store.send(.nextPage)
    await store.advance(by: .seconds(60))
    await store.wait { !$0.isLoading }
    return store.state
  }
}
