import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

/// Test doubles of the planner's dependencies, recording every call.
enum TrailsDoubles {
  /// A failure a double throws: one line, like the real stores' errors.
  struct Failure: Error, CustomStringConvertible {
    /// The line.
    let description: String
  }

  /// A store holding `saved`, recording each load (as `"load"`) and each saved plan.
  ///
  /// The first `failingSaves` saves throw "the disk is full" and change nothing.
  static func store(
    holding saved: Plan? = nil, loads: CallLog<String>, saves: CallLog<Plan>,
    failingSaves: Int = 0
  ) -> TrailStore {
    let backing = TrailStore.inMemory(saved)
    return TrailStore(
      load: {
        loads.record("load")
        return try await backing.load()
      },
      save: saves.recording { plan in
        // The call is recorded before this runs: the first save sees a count of 1.
        guard saves.count > failingSaves else { throw Failure(description: "the disk is full") }
        try await backing.save(plan)
      })
  }

  /// A store whose load is `work` (one generation per launch), recording saves.
  static func store(loading work: ControlledWork<Plan?>, saves: CallLog<Plan>) -> TrailStore {
    TrailStore(load: { try await work.makeWork() }, save: saves.recording { _ in })
  }

  /// A weather service answering every coordinate with the sample forecast, recording each.
  static func weather(_ calls: CallLog<Coordinate>) -> WeatherService {
    WeatherService(forecast: calls.recording { _ in TrailsSamples.forecast })
  }

  /// A weather service whose answers are `work`, one generation per request, recorded.
  static func weather(_ work: ControlledWork<Forecast>, _ calls: CallLog<Coordinate>)
    -> WeatherService
  {
    WeatherService(forecast: calls.recording { _ in try await work.makeWork() })
  }

  /// The planner with `store`, `weather` and `clock`, and the default quiet window.
  static func machine(
    store: TrailStore, weather: WeatherService, clock: TestClock
  ) -> Trails {
    Trails(catalog: TrailsSamples.catalog, store: store, weather: weather, clock: clock)
  }
}
