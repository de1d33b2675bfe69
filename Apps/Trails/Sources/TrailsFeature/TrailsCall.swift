import LoopSession
import TrailsModel
import Weather

/// One call of the planner to its dependencies, with its arguments and outcome, as a session
/// records it (`trails --record FILE`).
///
/// Errors are kept by their description (``RecordedError``): the planner's feedbacks only
/// describe them (`String(describing:)`), so a replay that throws the description back
/// leads to the same events.
public enum TrailsCall: Codable, Hashable, Sendable {
  /// ``TrailStore/load``.
  case load(outcome: CallOutcome<StoredPlan?, RecordedError>)
  /// ``TrailStore/update``: the plan the store held when the change ran, and what it stored.
  case update(current: Plan?, outcome: CallOutcome<StoredPlan, RecordedError>)
  /// ``TrailStore/revision``.
  case revision(outcome: CallOutcome<Int, RecordedError>)
  /// ``WeatherService/forecast``, at a trailhead.
  case forecast(at: Coordinate, outcome: CallOutcome<Forecast, RecordedError>)
}

extension TrailStore {
  /// This store, with every call recorded into `recorder`.
  ///
  /// - Parameter recorder: The session being recorded.
  /// - Returns: The recording store.
  public func recording<State, Event>(into recorder: SessionRecorder<State, Event, TrailsCall>)
    -> TrailStore
  {
    TrailStore(
      load: { [load] in
        try await recorder.record({ .load(outcome: $0) }, otherwise: RecordedError.init) {
          try await load()
        }
      },
      update: { [update] change in
        let current = Current()
        return try await recorder.record(
          { .update(current: current.plan, outcome: $0) }, otherwise: RecordedError.init
        ) {
          try await update { plan in
            current.plan = plan
            return change(plan)
          }
        }
      },
      revision: { [revision] in
        try await recorder.record({ .revision(outcome: $0) }, otherwise: RecordedError.init) {
          try await revision()
        }
      })
  }
}

extension WeatherService {
  /// This service, with every forecast recorded into `recorder`.
  ///
  /// - Parameter recorder: The session being recorded.
  /// - Returns: The recording service.
  public func recording<State, Event>(
    into recorder: SessionRecorder<State, Event, TrailsCall>
  ) -> WeatherService {
    WeatherService { [forecast] coordinate in
      try await recorder.record(
        { .forecast(at: coordinate, outcome: $0) }, otherwise: RecordedError.init
      ) { try await forecast(coordinate) }
    }
  }
}

/// The plan an update's change was given, kept for the recording.
///
/// `@unchecked Sendable`: set inside the store's update, before it returns, and read after.
private final class Current: @unchecked Sendable {
  var plan: Plan?
}
