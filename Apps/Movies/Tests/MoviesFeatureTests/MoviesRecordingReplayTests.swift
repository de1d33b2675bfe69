import Foundation
import LoopContracts
import LoopRecording
import MovieCatalog
import MovieCatalogRecording
import MoviesContract
import MoviesFeature
import TestSupport
import Testing

/// A recording of the pager, recorded in this process on the fixtures: it replays against the
/// contract, and mutated copies of it replay, fail or are refused with one message.
struct MoviesRecordingReplayTests {
  private static let contract = AnyContract(Movies.contract, replaying: Movies.recordingReplay)

  /// Page 1 on the fixtures, recorded.
  private static func recorded() async -> RecordingReplay<Movies, MovieCatalogCall>.AppRecording {
    let recorder = Recorder<Movies.State, Movies.Event, MovieCatalogCall>(
      app: "movies", initialState: Movies.State())
    let store = recorder.store(
      running: Movies(catalog: MovieCatalog.fixtures.recording(into: recorder)))
    defer { store.cancel() }
    store.send(.nextPage)
    _ = await store.first { $0.pagesLoaded == 1 }
    return recorder.recording
  }

  @Test func aRecordingRecordedInProcessReplaysAsRecorded() async throws {
    let recording = await Self.recorded()
    #expect(recording.steps.count == 2)
    #expect(recording.effects.map(\.outcome) == [.completed])
    let report = try await Self.contract.replay(RecordingFile.encode(recording), from: "p.json")
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func everyMutatedRecordingReplaysOrFailsWithOneMessageNamingTheFile() async throws {
    let body = RecordingFile.encode(await Self.recorded())
    let outcomes = try await RecordingFuzz.run(body, count: 1_000, seed: 23) {
      data, path throws(RecordingFileError) in
      try await Self.contract.replay(data, from: path).failure?.message
    }
    #expect(outcomes.wrong.isEmpty, "\(outcomes)")
    #expect(outcomes.refused > 100, "\(outcomes)")
    #expect(outcomes.failed > 10, "\(outcomes)")
  }
}
