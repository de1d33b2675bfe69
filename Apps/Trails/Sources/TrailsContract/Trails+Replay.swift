import LoopContracts
import LoopRecording
import TrailsFeature
import TrailsModel
import TrailsRecording
import Weather

extension Trails {
  /// How `conformance --replay` replays a `trails --record` recording: the planner on the
  /// bundled catalog with the recorded save window, watch interval and forecast requests,
  /// its database and weather answered from the recording.
  public static let recordingReplay = RecordingReplay<Trails, TrailsCall>(app: "trails") {
    tape, clock, settings in
    // The recordings' states hold the bundled catalog (their decoding checks it), so it loads.
    let catalog = (try? TrailCatalog.fixtures()) ?? TrailCatalog(regions: [])
    return Trails(
      catalog: catalog, database: ReplayedPlanDatabase(tape: tape), weather: .answering(from: tape),
      clock: clock, saveQuietWindow: saveQuietWindow(inRecordingSettings: settings),
      watchInterval: watchInterval(inRecordingSettings: settings),
      forecastRequests: forecastRequests(inRecordingSettings: settings))
  }
}

/// A database whose every call is answered from a recording's recorded calls.
///
/// An update runs the planner's change on the plan the recording says the database held, so
/// the planner learns what it learnt then (the edits that no longer applied), and answers
/// with the plan recorded as stored.
struct ReplayedPlanDatabase: PlanDatabase {
  /// The recorded calls.
  let tape: CallTape<TrailsCall>

  func load() async throws -> StoredPlan? {
    try await tape.answer("load()") { call -> CallOutcome<StoredPlan?, RecordedError>? in
      guard case .load(let outcome) = call else { return nil }
      return outcome
    }
  }

  func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) async throws -> (stored: StoredPlan, output: Output) {
    let written = try await tape.answer("update(_:)") {
      call -> CallOutcome<Written, RecordedError>? in
      guard case .update(let current, let outcome) = call else { return nil }
      switch outcome {
      case .returned(let stored): return .returned(Written(stored: stored, current: current))
      case .threw(let error): return .threw(error)
      case .cancelled: return .cancelled
      }
    }
    return (written.stored, change(written.current).output)
  }

  func revision() async throws -> Int {
    try await tape.answer("revision()") { call -> CallOutcome<Int, RecordedError>? in
      guard case .revision(let outcome) = call else { return nil }
      return outcome
    }
  }

  /// What an update stored, with the plan its change was given.
  private struct Written: Codable, Hashable, Sendable {
    let stored: StoredPlan
    let current: Plan?
  }
}

extension WeatherService {
  /// A service whose every forecast is answered from a recording's recorded calls.
  static func answering(from tape: CallTape<TrailsCall>) -> WeatherService {
    WeatherService { coordinate in
      try await tape.answer("forecast(at: \(coordinate.latitude), \(coordinate.longitude))") {
        call -> CallOutcome<Forecast, RecordedError>? in
        guard case .forecast(coordinate, let outcome) = call else { return nil }
        return outcome
      }
    }
  }
}
