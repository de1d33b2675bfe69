import CalendarDay
import Foundation
import LoopContracts
import LoopRecording
import TestSupport
import Testing
import TrailsContract
import TrailsFeature
import TrailsModel
import TrailsRecording
import Weather

/// A recording of the planner, recorded in this process on the bundled catalog, an in-memory
/// store and the fixture forecasts: it replays against the contract, and mutated copies of it
/// replay, fail or are refused with one message.
struct TrailsRecordingReplayTests {
  private static let contract = AnyContract(Trails.contract, replaying: Trails.recordingReplay)

  /// A trail added to day 1, its save and its forecast, recorded.
  private static func recorded() async throws -> RecordingReplay<Trails, TrailsCall>.AppRecording {
    let catalog = try TrailCatalog.fixtures()
    let today = try #require(Day(year: 2026, month: 12, day: 1))
    let launch = Trails.State(catalog: catalog, today: today)
    let recorder = Recorder<Trails.State, Trails.Event, TrailsCall>(
      app: "trails",
      settings: Trails.recordingSettings(saveQuietWindow: .zero, watchInterval: nil),
      initialState: launch)
    let store = recorder.store(
      running: Trails(
        catalog: catalog, database: InMemoryPlanDatabase().recording(into: recorder),
        weather: WeatherService.fixtures.recording(into: recorder), clock: ContinuousClock(),
        saveQuietWindow: .zero))
    defer { store.cancel() }
    store.send(.edit(.add(trailID: "gull-point-loop", day: 1)))
    _ = await store.first { $0.isSaved && $0.forecastsSettled && $0.changeCount == 1 }
    return recorder.recording
  }

  @Test func aRecordingRecordedInProcessReplaysAsRecorded() async throws {
    let recording = try await Self.recorded()
    let calls = recording.calls.map { call -> String in
      switch call.call {
      case .load: "load"
      case .update: "update"
      case .revision: "revision"
      case .forecast: "forecast"
      }
    }
    #expect(calls.sorted() == ["forecast", "load", "update"])
    let report = try await Self.contract.replay(RecordingFile.encode(recording), from: "t.json")
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func everyMutatedRecordingReplaysOrFailsWithOneMessageNamingTheFile() async throws {
    let body = RecordingFile.encode(try await Self.recorded())
    let outcomes = try await RecordingFuzz.run(body, count: 1_000, seed: 29) {
      data, path throws(RecordingFileError) in
      try await Self.contract.replay(data, from: path).failure?.message
    }
    #expect(outcomes.wrong.isEmpty, "\(outcomes)")
    #expect(outcomes.refused > 100, "\(outcomes)")
    #expect(outcomes.failed > 10, "\(outcomes)")
  }
}
