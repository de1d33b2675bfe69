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
  /// ``PlanDatabase/load()``.
  case load(outcome: CallOutcome<StoredPlan?, RecordedError>)
  /// ``PlanDatabase/update(_:)``: the plan the database held when the change ran, and what it
  /// stored.
  case update(current: Plan?, outcome: CallOutcome<StoredPlan, RecordedError>)
  /// ``PlanDatabase/revision()``.
  case revision(outcome: CallOutcome<Int, RecordedError>)
  /// ``WeatherService/forecast``, at a trailhead.
  case forecast(at: Coordinate, outcome: CallOutcome<Forecast, RecordedError>)
}

extension PlanDatabase {
  /// This database, with every call recorded into `recorder`.
  ///
  /// - Parameter recorder: The recording being recorded.
  /// - Returns: The recording database.
  public func recording<State, Event>(into recorder: Recorder<State, Event, TrailsCall>)
    -> some PlanDatabase
  {
    RecordingPlanDatabase(base: self, recorder: recorder)
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

/// A database whose every call is recorded, with its answer, into a recording.
private struct RecordingPlanDatabase<
  State: Codable & Sendable, Event: Codable & Sendable
>: PlanDatabase {
  /// The database that answers.
  let base: any PlanDatabase
  /// The recording being recorded.
  let recorder: Recorder<State, Event, TrailsCall>

  func load() async throws -> StoredPlan? {
    try await recorder.record(
      { .load(outcome: $0) }, otherwise: RecordedError.init, { try await base.load() })
  }

  /// Records the plan the change was given and what was stored; the change's output goes
  /// back to the caller, and not into the recording (a replay runs the change again).
  func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) async throws -> (stored: StoredPlan, output: Output) {
    let written = try await recorder.record(Written.call, otherwise: RecordedError.init) {
      let (stored, given) = try await base.update { current in
        let (plan, output) = change(current)
        return (plan, Given(current: current, output: output))
      }
      return Written(stored: stored, given: given)
    }
    return (written.stored, written.given.output)
  }

  func revision() async throws -> Int {
    try await recorder.record(
      { .revision(outcome: $0) }, otherwise: RecordedError.init, { try await base.revision() })
  }
}

/// The plan an update's change was given, beside the change's own output.
private struct Given<Output: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
  let current: Plan?
  let output: Output
}

/// What an update stored, with what its change was given and made: the recorded call's
/// answer, of which the recording keeps the stored plan and the plan the change was given.
private struct Written<Output: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
  let stored: StoredPlan
  let given: Given<Output>

  /// The recorded call for an update that ended with `outcome`.
  static func call(_ outcome: CallOutcome<Written, RecordedError>) -> TrailsCall {
    switch outcome {
    case .returned(let written):
      .update(current: written.given.current, outcome: .returned(written.stored))
    case .threw(let error): .update(current: nil, outcome: .threw(error))
    case .cancelled: .update(current: nil, outcome: .cancelled)
    }
  }
}
