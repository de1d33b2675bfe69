import AppCLI
import Foundation
import MovieCatalog
import SearchFeature

/// What the scripted command prints for one query: lines, or JSON.
struct QueryOutput: Encodable {
  /// One movie, as `--json` prints it.
  struct Result: Encodable {
    var id: Int
    var title: String
    @JSONNullable var year: Int?
    var rating: Double
    @JSONNullable var releaseDate: String?
    var popularity: Double

    enum CodingKeys: String, CodingKey {
      case id, title, year, rating, popularity
      case releaseDate = "release_date"
    }
  }

  /// The query as given.
  var query: String
  /// `results`, `offline`, `hint` or `failed`.
  var status: String
  /// Whether the results come from the bundled catalog because TMDB could not answer.
  var offline: Bool
  /// The hint, why the results are offline, or the error.
  @JSONNullable var message: String?
  /// TMDB's count of matches, for live results.
  @JSONNullable var totalResults: Int?
  /// Why the page after the results listed failed, cutting them short of `--limit` (exit
  /// status 3), or `nil`: the mark of a partial answer where it is, as `movies --json` has it.
  @JSONNullable var nextPageError: String?
  /// The movies, at most `--limit` of them.
  var results: [Result]

  enum CodingKeys: String, CodingKey {
    case query, status, offline, message, results
    case totalResults = "total_results"
    case nextPageError = "next_page_error"
  }

  init(query: String, state: Search.State, limit: Int?) {
    self.query = query
    let movies = Array(state.movies.prefix(limit ?? Int.max))
    results = movies.map {
      Result(
        id: $0.id, title: $0.title, year: $0.year, rating: $0.voteAverage,
        releaseDate: $0.releaseDate?.description, popularity: $0.popularity)
    }
    offline = false
    switch state.status {
    case .idle, .hint, .debouncing:
      status = "hint"
      message = Search.hint
    case .searching:
      status = "searching"
    case .results(let live):
      status = "results"
      totalResults = live.totalResults
      if case .failed(let error) = live.more { nextPageError = error }
    case .offline(let offlineResults):
      status = "offline"
      offline = true
      message = offlineResults.reason
    case .failed(_, let error):
      status = "failed"
      message = error
    }
    lines = Self.lines(status: status, movies: movies, offline: offline)
  }

  /// The plain-text rendering: one movie a line, the hint, or "no results".
  let lines: [String]

  static func lines(status: String, movies: [Movie], offline: Bool) -> [String] {
    switch status {
    case "hint": return [Search.hint]
    case "failed": return []
    default:
      guard !movies.isEmpty else { return [offline ? "no results (offline)" : "no results"] }
      return movies.map { ResultLine.text(for: $0) + (offline ? "  (offline)" : "") }
    }
  }
}

/// One movie as one line: `Title (year)  ★ rating`, the title, year and rating as movies
/// prints them (`(—)` for an unknown year).
enum ResultLine {
  static func text(for movie: Movie) -> String {
    "\(movie.titleAndYear)  ★ \(movie.ratingText)"
  }
}
