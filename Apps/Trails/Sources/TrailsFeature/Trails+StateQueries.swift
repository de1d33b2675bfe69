import TrailsModel
import Weather

extension Trails.State {
  /// The path of `tab`.
  ///
  /// - Parameter tab: A tab.
  /// - Returns: ``explorePath`` or ``planPath``.
  public func path(of tab: Trails.Tab) -> [Trails.Route] {
    switch tab {
    case .explore: explorePath
    case .plan: planPath
    }
  }

  /// The route on screen: the last of the current tab's path, or `nil` at the tab's root.
  public var shownRoute: Trails.Route? {
    path(of: tab).last
  }

  /// The trail on screen, if the route on screen is a trail.
  public var shownTrailID: String? {
    shownRoute?.trailID
  }

  /// Whether the store holds the plan as it is now: restored, nothing unwritten, nothing in
  /// flight, and the stored plan needs no tidying.
  public var isSaved: Bool {
    persistence.ready?.isSaved == true
  }

  /// The edits waiting for the quiet window, once restored, when no write is in flight and
  /// they are not the ones that just failed; `nil` when there is nothing to write (or nothing
  /// may be written yet).
  public var pendingWrite: Trails.PendingWrite? {
    persistence.ready?.pendingWrite
  }

  /// The store's revision the planner knows, while it may notice other processes' writes:
  /// once restored, and not while a write of its own is in flight (which brings a newer one).
  public var watchedRevision: Int? {
    guard let ready = persistence.ready, ready.writing == nil else { return nil }
    return ready.stored.revision
  }

  /// One key per trail of each planned day: the forecasts the plan calls for.
  public var plannedForecastKeys: Set<Trails.ForecastKey> {
    var keys = Set<Trails.ForecastKey>()
    for day in plan.days {
      for trailID in day.trailIDs {
        keys.insert(Trails.ForecastKey(day: day.number, trailID: trailID))
      }
    }
    return keys
  }

  /// The forecast for the date of a planned day at one of its trails' trailheads.
  ///
  /// - Parameter key: The planned day and trail.
  /// - Returns: That date's forecast, or `nil` while loading, after a failure, or when the
  ///   forecast does not reach the date.
  public func dailyForecast(for key: Trails.ForecastKey) -> DailyForecast? {
    guard case .loaded(let forecast) = forecasts[key] else { return nil }
    return forecast.day(plan.start.adding(days: key.day - 1))
  }

  /// Distance, ascent and time of one planned day.
  ///
  /// - Parameter day: A day of the plan.
  /// - Returns: The day's totals.
  public func totals(of day: PlanDay) -> PlanTotals {
    PlanTotals(day: day, catalog: catalog.value)
  }

  /// Whether every forecast the screen may show has an answer: the planned ones and the
  /// trail on screen's.
  public var forecastsSettled: Bool {
    !forecasts.values.contains(.loading) && trailForecast?.status != .loading
  }
}
