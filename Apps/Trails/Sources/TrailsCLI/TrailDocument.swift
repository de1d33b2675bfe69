import AppCLI
import TrailsFeature
import TrailsModel
import Weather

/// A trail and its trailhead forecast in `trails trail <id> --json`.
struct TrailDocument: Encodable {
  let trail: Trail
  let estimatedTimeSeconds: Int
  @JSONNullable var forecast: [ForecastDayDocument]?
  @JSONNullable var forecastError: String?

  init(_ trail: Trail, status: Trails.ForecastStatus?) {
    self.trail = trail
    estimatedTimeSeconds = Format.seconds(PlanTotals(trails: [trail]).estimatedTime)
    switch status {
    case .loaded(let forecast)?:
      self.forecast = forecast.days.map(ForecastDayDocument.init)
      forecastError = nil
    case .failed(let message)?:
      forecast = nil
      forecastError = message
    case .loading?, nil:
      forecast = nil
      forecastError = nil
    }
  }
}
