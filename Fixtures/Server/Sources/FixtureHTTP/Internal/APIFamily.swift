/// Which real API a path imitates, for routing and for the shape of error bodies.
enum APIFamily {
  /// TMDB v3: `/3` and below.
  case tmdb
  /// Open-Meteo: `/v1` and below.
  case openMeteo
  /// Neither.
  case other

  init(path: String) {
    if path == "/3" || path.hasPrefix("/3/") {
      self = .tmdb
    } else if path == "/v1" || path.hasPrefix("/v1/") {
      self = .openMeteo
    } else {
      self = .other
    }
  }
}
