import LoopContracts
import LoopTesting
import MovieCatalog
import MovieCatalogDoubles
import MoviesFeature

extension Movies {
  /// What the live catalog promises of the pages it reads and the failures it reports, as the
  /// pager sees them: release days (`ReleaseDate`'s documentation: exactly `YYYY-MM-DD`,
  /// a real day, `""` for an unknown one), the line each movie is listed with
  /// (docs/apps/movies.md: title, year or `—`, rating to one decimal), and the one line a
  /// failure is shown with (`MovieCatalogError.userMessage`, naming the HTTP status).
  ///
  /// Every expected value is written here by hand.
  static let catalogScenarios: [Scenario<Movies>] = [
    Scenario("a release day is a real YYYY-MM-DD day, written back as TMDB wrote it") {
      context in
      // Leap days, the first and last years, and an unknown day.
      for (text, year) in [
        ("2024-02-29", 2024), ("2000-02-29", 2000), ("0001-01-01", 1), ("9999-12-31", 9_999),
        ("2023-12-31", 2_023), ("2023-04-30", 2_023), ("2023-01-31", 2_023),
      ] {
        let state = await loadOnePage(context, [.status(200, onePage(releaseDate: text))])
        let movie = state.movies.first
        context.check(
          movie?.year == year, "\(text): year \(movie?.year.map(String.init) ?? "none")")
        context.check(
          movie?.releaseDate?.description == text,
          "\(text) written back as \(movie?.releaseDate?.description ?? "nothing")")
        context.check(
          movie?.titleAndYear == "Seven (\(year))", "\(text): \(movie?.titleAndYear ?? "")")
      }
      let unknown = await loadOnePage(context, [.status(200, onePage(releaseDate: ""))])
      context.check(
        unknown.movies.first.map { $0.year == nil && $0.releaseDate == nil } == true,
        "an empty day is unknown")
      context.check(
        unknown.movies.first?.titleAndYear == "Seven (—)",
        "an unknown year is listed as —: \(unknown.movies.first?.titleAndYear ?? "")")
    },
    Scenario("a release day that is not a real YYYY-MM-DD day fails the page, naming it") {
      context in
      // Not days of the calendar, and not the form TMDB writes.
      for text in [
        "2023-02-29", "1900-02-29", "2024-02-30", "2024-04-31", "2024-01-32", "2024-01-00",
        "2024-00-10", "2024-13-01", "0000-01-01", "24-01-01", "2024-1-01", "2024-01-1",
        " 2024-01-01", "2024-01-01T00:00:00Z", "2024/01/01", "2024-01-01-", "-2024-01-01",
        "+024-01-01", "２０２４-01-01",
      ] {
        let state = await loadOnePage(context, [.status(200, onePage(releaseDate: text))])
        let expected =
          "the response from /3/movie/popular was not a movie page: \"\(text)\" is neither "
          + "\"\" nor a YYYY-MM-DD day at results[0].release_date"
        context.check(
          state.status == .failed(page: 1, message: expected) && state.movies.isEmpty,
          "\(text): \(state.status)")
      }
    },
    Scenario("a rating is listed to one decimal, rounded half away from zero") { context in
      for (average, text) in [
        (8.677, "8.7"), (5.0, "5.0"), (9.96, "10.0"), (0.04, "0.0"), (7.25, "7.3"), (0, "0.0"),
      ] {
        let state = await loadOnePage(
          context, [.status(200, onePage(releaseDate: "2001-09-09", voteAverage: average))])
        context.check(
          state.movies.first?.ratingText == text,
          "\(average): \(state.movies.first?.ratingText ?? "no movie"), not \(text)")
      }
    },
    Scenario("a failed page's line names what TMDB said and its HTTP status") { context in
      let unauthorized = #"{"status_code":7,"status_message":"Invalid API key.","success":false}"#
      let noPage = #"{"status_code":22,"status_message":"Invalid page.","success":false}"#
      let badParameter = #"{"status_code":5,"status_message":"Invalid parameters."}"#
      let internalError = #"{"status_code":11,"status_message":"Internal error."}"#
      let cases: [(answers: [ScriptedHTTP.Answer], line: String)] = [
        ([.status(401, unauthorized)], "TMDB rejected the API key (HTTP 401): Invalid API key."),
        ([.status(401)], "TMDB rejected the API key (HTTP 401): TMDB did not say why"),
        ([.status(404, noPage)], "TMDB has no such resource (HTTP 404)"),
        (
          [.status(400, noPage)],
          "there is no page 1 of results (TMDB serves pages 1 to 500)"
        ),
        ([.status(400, badParameter)], "TMDB answered HTTP 400: Invalid parameters."),
        ([.status(418, "teapot")], "TMDB answered HTTP 418"),
        (
          Array(repeating: .status(500, internalError), count: 4),
          "TMDB failed on its side (HTTP 500): Internal error."
        ),
        (
          Array(repeating: .status(502, "<html>Bad Gateway</html>"), count: 4),
          "TMDB failed on its side (HTTP 502): try again later"
        ),
        (
          [.status(429, "{}", retryAfter: "7")],
          "TMDB is limiting requests (HTTP 429): try again in 7 seconds"
        ),
        (
          Array(repeating: .status(429, "{}", retryAfter: "1"), count: 4),
          "TMDB is limiting requests (HTTP 429): try again in 1 second"
        ),
        (
          Array(repeating: .status(429), count: 4),
          "TMDB is limiting requests (HTTP 429): try again shortly"
        ),
      ]
      for (answers, line) in cases {
        let state = await loadOnePage(context, answers)
        context.check(
          state.status == .failed(page: 1, message: line),
          "expected the line \"\(line)\", got \(state.status)")
      }
    },
    Scenario("a body that is not a movie page fails the page, saying where and how") { context in
      let prefix = "the response from /3/movie/popular was not a movie page: "
      // 76 characters once each run of spaces is one: the first 40 are shown.
      let html =
        "<html>\n  <head><title>502 Bad Gateway</title></head>\n  <body>nginx</body></html>"
      let cases: [(body: String, line: String)] = [
        ("", "the body is empty"),
        ("  \n\t", "the body is empty"),
        (
          html,
          #"the body is not valid JSON (it begins "<html> <head><title>502 Bad Gateway</tit...")"#
        ),
        ("[1, 2]", #"expected Dictionary<String, Any> at the top level"#),
        (
          #"{"page":1,"results":[{"id":"seven"}],"total_pages":1,"total_results":1}"#,
          "expected Int at results[0].id"
        ),
        (#"{"page":1,"total_pages":1,"total_results":1}"#, #"missing "results" at the top level"#),
        (
          #"{"page":null,"results":[],"total_pages":1,"total_results":0}"#,
          "expected Int at page, found null"
        ),
      ]
      for (body, line) in cases {
        let state = await loadOnePage(context, [.status(200, body)])
        context.check(
          state.status == .failed(page: 1, message: prefix + line),
          "expected \"\(prefix + line)\", got \(state.status)")
      }
    },
  ]

  /// One page of one movie, as TMDB writes it, released on `releaseDate`.
  private static func onePage(releaseDate: String, voteAverage: Double = 6.5) -> String {
    #"{"page":1,"results":[{"adult":false,"backdrop_path":null,"genre_ids":[18],"id":7,"#
      + #""original_language":"en","original_title":"Seven","overview":"","popularity":1.5,"#
      + #""poster_path":null,"release_date":"\#(releaseDate)","title":"Seven","video":false,"#
      + #""vote_average":\#(voteAverage),"vote_count":3}],"total_pages":1,"total_results":1}"#
  }

  /// The pager's state once its first page has loaded or failed, its HTTP answered by
  /// `answers` and every retry's wait let pass.
  private static func loadOnePage(
    _ context: ScenarioContext<Movies>, _ answers: [ScriptedHTTP.Answer]
  ) async -> State {
    let http = ScriptedHTTP(answers)
    let store = liveStore(context, http, clock: TestClock())
    store.send(.nextPage)
    await store.advance(by: .seconds(60))
    await store.wait { !$0.isLoading }
    return store.state
  }
}
