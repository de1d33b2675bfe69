import AppCLI
import Terminal
import TrailsFeature
import TrailsModel

/// Where a command's result goes: text or JSON on stdout, and the offline notice on stderr.
struct Output {
  /// Whether to print JSON.
  let json: Bool
  /// Whether to say, once, that forecasts come from the fixtures.
  let notice: Bool

  func line(_ text: String) {
    StandardOutput.writeLine(text)
  }

  func lines(_ texts: [String]) {
    StandardOutput.write(texts.map { $0 + "\n" }.joined())
  }

  func regions(_ state: Trails.State) throws {
    if json {
      try JSONOutput.write(state.catalog.value.regions.map(RegionSummary.init))
    } else {
      lines(TextView.regions(state.catalog.value))
    }
  }

  func region(_ id: String, _ state: Trails.State) throws {
    guard let region = state.catalog.region(id: id) else { return }
    if json {
      try JSONOutput.write(region)
    } else {
      lines(TextView.region(region))
    }
  }

  /// Prints the trail and its forecast.
  ///
  /// - Throws: ``ExitCode/partial`` after printing, when the forecast failed.
  func trail(_ id: String, _ state: Trails.State) throws {
    guard let trail = state.catalog.trail(id: id) else { return }
    sayOffline()
    if json {
      try JSONOutput.write(TrailDocument(trail, status: state.trailForecast?.status))
    } else {
      lines(TextView.trail(trail, in: state))
    }
    if case .failed(let message)? = state.trailForecast?.status {
      try partial([gap("the trailhead of \(trail.name)", message)])
    }
  }

  /// Prints the plan with its forecasts.
  ///
  /// - Throws: ``ExitCode/partial`` after printing, when a planned day's forecast failed.
  func plan(_ state: Trails.State) throws {
    sayOffline()
    if json {
      try JSONOutput.write(PlanDocument(state))
    } else {
      lines(TextView.plan(state))
    }
    let gaps = state.plan.days.flatMap { day in
      day.trailIDs.compactMap { id -> String? in
        let key = Trails.ForecastKey(day: day.number, trailID: id)
        guard case .failed(let message)? = state.forecasts[key] else { return nil }
        let name = state.catalog.trail(id: id)?.name ?? id
        return gap("\(name) on day \(day.number)", message)
      }
    }
    try partial(gaps)
  }

  /// The line for a forecast that failed: where it was for, then the failure's own line,
  /// which says it is about a forecast (`no forecast: cannot connect to …`, `the forecast
  /// service failed …`), so the two parts never say it twice.
  private func gap(_ place: String, _ message: String) -> String {
    "trails: \(place): \(message)"
  }

  /// Says what is missing from what was printed, one line each on stderr, and throws
  /// ``ExitCode/partial`` when anything is (the rule of ``ExitCode``).
  private func partial(_ gaps: [String]) throws {
    guard !gaps.isEmpty else { return }
    for gap in gaps { StandardError.writeLine(gap) }
    throw ExitCode.partial
  }

  private func sayOffline() {
    guard notice else { return }
    StandardError.writeLine(SourceOptions.offlineNotice(app: "trails", service: "Open-Meteo"))
  }
}
