import LoopRecording
import TrailsModel
import Weather

/// One call of the planner to its dependencies, with its arguments and outcome, as a recording
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
  /// - Parameter recorder: The recording being recorded.
  /// - Returns: The recording store.
  public func recording<State, Event>(into recorder: Recorder<State, Event, TrailsCall>)
    -> TrailStore
  {
    TrailStore(
      load: { [load] in
        try await recorder.record({ .load(outcome: $0) }, otherwise: RecordedError.init) {
          try await load()
        }
      },
      update: { [update = apply] change in
        // The change's output goes back to the caller; only the plan it was given and what
        // was stored go into the recording.
        var output: (any Sendable)?
        let written = try await recorder.record(Written.call, otherwise: RecordedError.init) {
          let (stored, given) = try await update { current in
            let (plan, output) = change(current)
            return (plan, Given(current: current, output: output))
          }
          // The store hands back what the change made (see `TrailStore.init`).
          let handed = given as? Given
          output = handed?.output
          return Written(stored: stored, current: handed?.current)
        }
        return (written.stored, output as any Sendable)
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
  /// - Parameter recorder: The recording being recorded.
  /// - Returns: The recording service.
  public func recording<State, Event>(
    into recorder: Recorder<State, Event, TrailsCall>
  ) -> WeatherService {
    WeatherService { [forecast] coordinate in
      try await recorder.record(
        { .forecast(at: coordinate, outcome: $0) }, otherwise: RecordedError.init
      ) { try await forecast(coordinate) }
    }
  }
}

/// The plan an update's change was given, beside the change's own output.
private struct Given: Sendable {
  let current: Plan?
  let output: any Sendable
}

/// What an update stored, with the plan its change was given: the recording's value.
private struct Written: Codable, Hashable, Sendable {
  let stored: StoredPlan
  let current: Plan?

  /// The recorded call for an update that ended with `outcome`.
  static func call(_ outcome: CallOutcome<Written, RecordedError>) -> TrailsCall {
    switch outcome {
    case .returned(let written):
      .update(current: written.current, outcome: .returned(written.stored))
    case .threw(let error): .update(current: nil, outcome: .threw(error))
    case .cancelled: .update(current: nil, outcome: .cancelled)
    }
  }
}
