import Foundation
import LoopContracts
import LoopSession
import MovieCatalog
import MoviesContract
import MoviesFeature
import TestSupport
import Testing

/// A session of the pager, recorded in this process on the fixtures: it replays against the
/// contract, and mutated copies of it replay, fail or are refused with one message.
struct MoviesSessionReplayTests {
  private static let contract = AnyContract(Movies.contract, replaying: Movies.sessionReplay)

  /// Page 1 on the fixtures, recorded.
  private static func recorded() async -> SessionReplay<Movies, MovieCatalogCall>.AppSession {
    let recorder = SessionRecorder<Movies.State, Movies.Event, MovieCatalogCall>(
      app: "movies", initialState: Movies.State())
    let store = recorder.store(
      running: Movies(catalog: MovieCatalog.fixtures.recording(into: recorder)))
    defer { store.cancel() }
    store.send(.nextPage)
    _ = await store.first { $0.pagesLoaded == 1 }
    return recorder.session
  }

  @Test func aSessionRecordedInProcessReplaysAsRecorded() async throws {
    let session = await Self.recorded()
    #expect(session.steps.count == 2)
    #expect(session.effects.map(\.outcome) == [.completed])
    let report = try await Self.contract.replay(SessionFile.encode(session), from: "p.json")
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func everyMutatedSessionReplaysOrFailsWithOneMessageNamingTheFile() async throws {
    let body = SessionFile.encode(await Self.recorded())
    let outcomes = try await SessionFuzz.run(body, count: 1_000, seed: 23) {
      data, path throws(SessionFileError) in
      try await Self.contract.replay(data, from: path).failure?.message
    }
    #expect(outcomes.wrong.isEmpty, "\(outcomes)")
    #expect(outcomes.refused > 100, "\(outcomes)")
    #expect(outcomes.failed > 10, "\(outcomes)")
  }
}
