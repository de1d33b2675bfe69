// The names the examples in the apps' doc comments use without declaring them.

import CalendarDay
import Foundation
import HTTPRetry
import LoopContracts
import MovieCatalog
import MovieCatalogRecording
import TrailsModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a client got back for one attempt: RetryPolicy's example reads these two fields.
struct Response {
  let status: Int
  let retryAfter: Duration?
}

struct HTTPRetryRetryPolicyExamples {
  let policy: RetryPolicy
  let clock: any Clock<Duration>
  func attempt(_ request: URLRequest) async throws -> Response {
    Response(status: 200, retryAfter: nil)
  }
  func failure(_ response: Response) -> any Error { URLError(.badServerResponse) }
}

struct HTTPTransportHTTPTransportExamples {
  let url: URL
}

struct MovieCatalogGenreListExamples {
  let movie: Movie
}

final class MovieCatalogMovieCatalogErrorExamples {
  let catalog = MovieCatalog.fixtures
  var page: MoviePage?
  var offerRetry = false
}

struct MovieCatalogMoviePageExamples {
  let catalog: MovieCatalog
}

struct HTTPTransportDoublesScriptedHTTPExamples {
  let clock: any Clock<Duration>
}

struct MovieCatalogRecordingMovieCatalogCallExamples {
  let tape: CallTape<MovieCatalogCall>
}

struct SearchFeatureOfflineRankingExamples {
  let movies: [Movie]
}

struct SearchFeatureSearchCacheExamples {
  let page: MoviePage
}

struct TrailsFeatureTrailsExamples {
  let today: Day
}

struct TrailsModelPlanTotalsExamples {
  let plan: Plan
  let catalog: TrailCatalog
}

struct TrailsModelInMemoryPlanDatabaseExamples {
  let today: Day
}

struct TrailsModelPlanDatabaseExamples {
  let today: Day
}

struct TrailsPersistencePlanConnectionExamples {
  let today: Day
}

struct TrailsPersistenceSQLitePlanDatabaseExamples {
  let today: Day
}

struct WeatherWeatherServiceExamples {
  let trail: Trail
}
