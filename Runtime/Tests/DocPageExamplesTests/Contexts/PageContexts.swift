// The names the examples of docs/ pages use without declaring them.

import CalendarDay
import LoopTesting
import MovieCatalog
import MoviesFeature

extension Movies {
  /// The fixtures, with every popular page asked for recorded in `calls`: the double
  /// MoviesContract's scenarios use, as docs/CONTRACTS.md's sketch calls it.
  static func recording(_ calls: CallLog<Int>) -> MovieCatalog {
    var catalog = MovieCatalog.fixtures
    catalog.popular = calls.recording { page in try await MovieCatalog.fixtures.popular(page) }
    return catalog
  }
}

struct DocsAppsTrailsExamples {
  let path: String
  let today: Day
}
