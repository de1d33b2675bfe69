import TrailsFeature
import TrailsModel
import Weather

/// The planner's screens as plain lines, for scripted output and the interactive screen.
enum TextView {
  /// Every region, one a line: id, name, number of trails.
  static func regions(_ catalog: TrailCatalog) -> [String] {
    catalog.regions.map { region in
      Format.padded(region.id, 18) + Format.padded(region.name, 18)
        + "\(region.trails.count) trails"
    }
  }

  /// A region: its name, summary and trails.
  static func region(_ region: Region) -> [String] {
    ["\(region.name) (\(region.id))", region.summary, ""] + region.trails.map(trailRow)
  }

  /// One trail on one line: id, name, distance, ascent, difficulty.
  static func trailRow(_ trail: Trail) -> String {
    Format.padded(trail.id, 24) + Format.padded(trail.name, 24)
      + Format.padded(Format.distance(trail.distanceKm), 9)
      + Format.padded("\(trail.ascentM) m", 8) + trail.difficulty.rawValue
  }

  /// A trail: what it is, and the forecast at its trailhead.
  static func trail(_ trail: Trail, in state: Trails.State) -> [String] {
    let region = state.catalog.region(id: trail.regionID)?.name ?? trail.regionID
    let totals = PlanTotals(trails: [trail])
    var lines = [
      "\(trail.name) (\(trail.id))",
      "\(region), \(trail.difficulty.rawValue): \(Format.totals(totals))",
      trail.description,
      "Trailhead \(trail.trailhead.latitude), \(trail.trailhead.longitude)",
      "",
    ]
    switch state.trailForecast?.status {
    case .loaded(let forecast)?:
      lines.append("Forecast at the trailhead:")
      lines += forecast.days.map { "  \($0.date)  \(Format.forecast($0))" }
    case .failed(let message)?:
      lines.append("Forecast: \(message)")
    case .loading?, nil:
      lines.append("Forecast: loading...")
    }
    return lines
  }

  /// The plan: each day with its date, trails, totals and forecasts; then the totals.
  static func plan(_ state: Trails.State) -> [String] {
    let plan = state.plan
    guard !plan.days.isEmpty else {
      return ["The plan, from \(plan.start): no trails yet."]
    }
    let count = plan.days.count == 1 ? "1 day" : "\(plan.days.count) days"
    var lines = ["The plan, from \(plan.start) (\(count)):"]
    for day in plan.days {
      let date = plan.date(of: day)
      guard !day.trailIDs.isEmpty else {
        lines.append("Day \(day.number), \(date): rest day")
        continue
      }
      lines.append("Day \(day.number), \(date): \(Format.totals(state.totals(of: day)))")
      for trailID in day.trailIDs {
        let name = state.catalog.trail(id: trailID)?.name ?? "(not in the catalog)"
        let key = Trails.ForecastKey(day: day.number, trailID: trailID)
        lines.append(
          "  " + Format.padded(trailID, 24) + Format.padded(name, 24) + weather(key, state))
      }
    }
    lines.append("Total: \(Format.totals(state.totals))")
    return lines
  }

  /// The forecast of a planned day's trail, in words.
  private static func weather(_ key: Trails.ForecastKey, _ state: Trails.State) -> String {
    switch state.forecasts[key] {
    case .loaded?:
      state.dailyForecast(for: key).map(Format.forecast) ?? "no forecast for that day yet"
    case .failed(let message)?: message
    case .loading?, nil: "forecast loading..."
    }
  }
}
