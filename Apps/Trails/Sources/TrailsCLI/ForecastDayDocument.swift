import AppCLI
import CalendarDay
import TrailsModel
import Weather

/// One day's forecast in `--json`: every key present, `null` for a value Open-Meteo did not
/// send (the model's own `Codable` leaves such keys out, which the JSON rule forbids).
struct ForecastDayDocument: Encodable {
  let date: Day
  @JSONNullable var maxC: Double?
  @JSONNullable var minC: Double?
  @JSONNullable var precipitationMm: Double?
  let code: WeatherCode

  init(_ day: DailyForecast) {
    date = day.date
    maxC = day.maxC
    minC = day.minC
    precipitationMm = day.precipitationMm
    code = day.code
  }
}
