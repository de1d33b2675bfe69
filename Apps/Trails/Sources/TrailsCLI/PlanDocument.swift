import AppCLI
import CalendarDay
import TrailsFeature
import TrailsModel
import Weather

/// The plan in `trails plan --json`: days with dates, trails, forecasts and totals.
struct PlanDocument: Encodable {
  /// Distance, ascent and time.
  struct Totals: Encodable {
    let distanceKm: Double
    let ascentM: Int
    let estimatedTimeSeconds: Int

    init(_ totals: PlanTotals) {
      distanceKm = (totals.distanceKm * 10).rounded() / 10  // to 0.1 km
      ascentM = totals.ascentM
      estimatedTimeSeconds = Format.seconds(totals.estimatedTime)
    }
  }

  /// One trail of a day, with that day's forecast at its trailhead.
  struct Entry: Encodable {
    let id: String
    @JSONNullable var name: String?
    @JSONNullable var forecast: ForecastDayDocument?
    @JSONNullable var forecastError: String?
  }

  /// One day of the plan.
  struct DayEntry: Encodable {
    let number: Int
    let date: Day
    let trails: [Entry]
    let totals: Totals
  }

  let start: Day
  let days: [DayEntry]
  let totals: Totals

  init(_ state: Trails.State) {
    start = state.plan.start
    totals = Totals(state.totals)
    days = state.plan.days.map { day in
      DayEntry(
        number: day.number, date: state.plan.date(of: day),
        trails: day.trailIDs.map { id in
          let key = Trails.ForecastKey(day: day.number, trailID: id)
          var error: String?
          if case .failed(let message)? = state.forecasts[key] { error = message }
          return Entry(
            id: id, name: state.catalog.trail(id: id)?.name,
            forecast: state.dailyForecast(for: key).map(ForecastDayDocument.init),
            forecastError: error)
        },
        totals: Totals(state.totals(of: day)))
    }
  }
}
