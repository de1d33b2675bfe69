import CalendarDay
import Fixtures
import TrailsFeature
import TrailsModel
import Weather

/// The shared fixtures as the trails contract uses them: the catalog, a launch day, trail ids,
/// a forecast, and states built from them.
enum TrailsSamples {
  /// The bundled catalog.
  static let catalog: TrailCatalog = {
    do {
      return try TrailCatalog.fixtures()
    } catch {
      preconditionFailure("the trails contract needs its fixtures: \(error)")
    }
  }()

  /// The first day the fixture forecasts cover: the launch day of every sample.
  static let today = day("2026-12-01")

  /// Three trails with fixture forecasts: two on the Silver Coast, one in the Ember Highlands.
  static let gull = "gull-point-loop"
  static let tidepool = "tidepool-steps"
  static let cinder = "cinder-corrie"
  /// The region of ``gull`` and ``tidepool``.
  static let coast = "silver-coast"

  /// The fixture forecast at the Gull Point Loop trailhead, decoded once.
  static let forecast: Forecast = {
    do {
      return try Fixtures.decode(
        Forecast.self, from: WeatherService.fixturePath(for: trailhead(of: gull)))
    } catch {
      preconditionFailure("the trails contract needs its forecast fixtures: \(error)")
    }
  }()

  /// The fixture forecast at the Cinder Corrie trailhead: a forecast that is not ``forecast``.
  static let cinderForecast: Forecast = {
    do {
      return try Fixtures.decode(
        Forecast.self, from: WeatherService.fixturePath(for: trailhead(of: cinder)))
    } catch {
      preconditionFailure("the trails contract needs its forecast fixtures: \(error)")
    }
  }()

  /// The launch state: nothing restored yet, an empty plan starting ``today``.
  static let launch = Trails.State(catalog: catalog, today: today)

  /// The state right after restoring `saved` (`nil`: an empty store) at revision 1, with
  /// nothing queued.
  static func restored(_ saved: Plan? = nil) -> Trails.State {
    var state = launch
    Trails.reducer(&state, .restored(saved.map { StoredPlan(plan: $0, revision: 1) }))
    return state
  }

  /// A restored state after `edits`, each applied through the reducer.
  static func restored(_ saved: Plan? = nil, then edits: [Trails.PlanEdit]) -> Trails.State {
    var state = restored(saved)
    for edit in edits {
      Trails.reducer(&state, .edit(edit))
    }
    return state
  }

  /// A plan starting ``today`` with the given trails on days 1, 2, ...
  static func plan(_ days: [String]...) -> Plan {
    Plan(
      start: today,
      days: days.enumerated().map { PlanDay(number: $0.offset + 1, trailIDs: $0.element) })
  }

  /// `state` changed by `change`: for the expected side of examples.
  static func with(_ state: Trails.State, _ change: (inout Trails.State) -> Void) -> Trails.State {
    var state = state
    change(&state)
    return state
  }

  /// `state`, restored, with its stored plan and what is on its way to the store changed by
  /// `change`.
  static func withReady(
    _ state: Trails.State, _ change: (inout Trails.Persistence.Ready) -> Void
  ) -> Trails.State {
    guard case .ready(var ready) = state.persistence else {
      preconditionFailure("the trails contract changes the stored plan of a state not restored")
    }
    change(&ready)
    var state = state
    state.persistence = .ready(ready)
    return state
  }

  /// The trailhead of the trail `id`.
  static func trailhead(of id: String) -> Coordinate {
    guard let trail = catalog.trail(id: id) else {
      preconditionFailure("the trails contract names a trail the fixtures lack: \(id)")
    }
    return trail.trailhead
  }

  /// The day `text` (YYYY-MM-DD).
  static func day(_ text: String) -> Day {
    guard let day = Day(text) else { preconditionFailure("not a day: \(text)") }
    return day
  }
}
