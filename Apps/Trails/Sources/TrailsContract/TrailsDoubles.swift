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

  /// A store holding `saved`, recording each load (as `"load"`) and each plan written.
  ///
  /// The first `failingWrites` writes throw "the disk is full" and change nothing; every
  /// attempt is recorded in `attempts`. Copies of the returned store share its plan, as two
  /// processes share one database.
  static func store(
    holding saved: Plan? = nil, loads: CallLog<String>, saves: CallLog<Plan>,
    attempts: CallLog<String> = CallLog(), failingWrites: Int = 0
  ) -> TrailStore {
    let backing = TrailStore.inMemory(saved)
    return TrailStore(
      load: {
        loads.record("load")
        return try await backing.load()
      },
      update: { change in
        attempts.record("update")
        guard attempts.count > failingWrites else {
          throw Failure(description: "the disk is full")
        }
        let written = try await backing.apply(change)
        saves.record(written.stored.plan)
        return written
      },
      revision: backing.revision)
  }

  /// A store whose load is `work` (one generation per launch), recording the plans written.
  static func store(loading work: ControlledWork<StoredPlan?>, saves: CallLog<Plan>)
    -> TrailStore
  {
    TrailStore(
      load: { try await work.makeWork() },
      update: { change in
        let (plan, output) = change(nil)
        saves.record(plan)
        return (StoredPlan(plan: plan, revision: 1), output)
      },
      revision: { 0 })
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

  /// The planner with `store`, `weather` and `clock`, the default quiet window, a watch
  /// for other processes' writes every `watchInterval` when given, asking for
  /// `forecastRequests` (all by default).
  static func machine(
    store: TrailStore, weather: WeatherService, clock: TestClock,
    watchInterval: Duration? = nil, forecastRequests: Trails.ForecastRequests = .all
  ) -> Trails {
    Trails(
      catalog: TrailsSamples.catalog, store: store, weather: weather, clock: clock,
      watchInterval: watchInterval, forecastRequests: forecastRequests)
  }
}
