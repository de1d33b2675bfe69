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

  func trail(_ id: String, _ state: Trails.State) throws {
    guard let trail = state.catalog.trail(id: id) else { return }
    sayOffline()
    if json {
      try JSONOutput.write(TrailDocument(trail, status: state.trailForecast?.status))
    } else {
      lines(TextView.trail(trail, in: state))
    }
  }

  func plan(_ state: Trails.State) throws {
    sayOffline()
    if json {
      try JSONOutput.write(PlanDocument(state))
    } else {
      lines(TextView.plan(state))
    }
  }

  private func sayOffline() {
    guard notice else { return }
    StandardError.writeLine(
      "trails: offline forecasts from the bundled fixtures; --source live: Open-Meteo")
  }
}
