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

  /// A database holding `saved`, recording each load (as `"load"`) and each plan written.
  ///
  /// The first `failingWrites` writes throw "the disk is full" and change nothing; every
  /// attempt is recorded in `attempts`. Copies of the returned database share its plan, as
  /// two processes share one database.
  static func database(
    holding saved: Plan? = nil, loads: CallLog<String>, saves: CallLog<Plan>,
    attempts: CallLog<String> = CallLog(), failingWrites: Int = 0
  ) -> LoggedPlanDatabase {
    LoggedPlanDatabase(
      backing: InMemoryPlanDatabase(saved), loads: loads, saves: saves, attempts: attempts,
      failingWrites: failingWrites)
  }

  /// A database whose load is `work` (one generation per launch), recording the plans
  /// written.
  static func database(loading work: ControlledWork<StoredPlan?>, saves: CallLog<Plan>)
    -> ScriptedPlanDatabase
  {
    ScriptedPlanDatabase(load: { try await work.makeWork() }, saves: saves)
  }

  /// A database over an in-memory one that logs its calls, and fails its first writes.
  struct LoggedPlanDatabase: PlanDatabase {
    let backing: InMemoryPlanDatabase
    let loads: CallLog<String>
    let saves: CallLog<Plan>
    let attempts: CallLog<String>
    let failingWrites: Int

    func load() async throws -> StoredPlan? {
      loads.record("load")
      return backing.load()
    }

    func update<Output: Codable & Hashable & Sendable>(
      _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
    ) async throws -> (stored: StoredPlan, output: Output) {
      attempts.record("update")
      guard attempts.count > failingWrites else {
        throw Failure(description: "the disk is full")
      }
      let written = backing.update(change)
      saves.record(written.stored.plan)
      return written
    }

    func revision() async throws -> Int {
      backing.revision()
    }
  }

  /// A database whose load is a closure and whose every write stores its plan at revision 1,
  /// given no plan, recording the plans written.
  struct ScriptedPlanDatabase: PlanDatabase {
    let load: @Sendable () async throws -> StoredPlan?
    let saves: CallLog<Plan>

    func load() async throws -> StoredPlan? {
      try await load()
    }

    func update<Output: Codable & Hashable & Sendable>(
      _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
    ) async throws -> (stored: StoredPlan, output: Output) {
      let (plan, output) = change(nil)
      saves.record(plan)
      return (StoredPlan(plan: plan, revision: 1), output)
    }

    func revision() async throws -> Int {
      0
    }
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

  /// The planner with `database`, `weather` and `clock`, the default quiet window, a watch
  /// for other processes' writes every `watchInterval` when given, asking for
  /// `forecastRequests` (all by default).
  static func machine(
    database: any PlanDatabase, weather: WeatherService, clock: TestClock,
    watchInterval: Duration? = nil, forecastRequests: Trails.ForecastRequests = .all
  ) -> Trails {
    Trails(
      catalog: TrailsSamples.catalog, database: database, weather: weather, clock: clock,
      watchInterval: watchInterval, forecastRequests: forecastRequests)
  }
}
