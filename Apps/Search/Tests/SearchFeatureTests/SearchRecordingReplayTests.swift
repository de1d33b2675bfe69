import Foundation
import Loop
import LoopContracts
import LoopRecording
import MovieCatalog
import MovieCatalogRecording
import SearchContract
import SearchFeature
import TestSupport
import Testing

/// Recordings of the search, recorded in this process on the fixtures and replayed against the
/// contract: as recorded they pass; edited, broken or cut short they fail with one message
/// naming the file and the step, and never crash.
struct SearchRecordingReplayTests {
  private typealias AppRecording = RecordingReplay<Search, MovieCatalogCall>.AppRecording

  /// One search for "amélie + co" (two results) on the fixtures, recorded.
  private static func recorded() async -> AppRecording {
    await recorded(queries: ["amélie + co"])
  }

  /// A search for each of `queries` in turn on the fixtures, each waited for, recorded.
  private static func recorded(queries: [String]) async -> AppRecording {
    let recorder = Recorder<Search.State, Search.Event, MovieCatalogCall>(
      app: "movie-search", settings: Search.recordingSettings(debounce: .zero),
      initialState: Search.State())
    let store = recorder.store(
      running: Search(
        catalog: MovieCatalog.fixtures.recording(into: recorder), clock: ContinuousClock(),
        localCatalog: { MovieCatalog.fixtureMovies }, debounce: .zero))
    defer { store.cancel() }
    for query in queries {
      store.send(.textChanged(query))
      _ = await store.first { state in
        if case .results(let results) = state.status { results.query == query } else { false }
      }
    }
    return recorder.recording
  }

  private static let contract = AnyContract(Search.contract, replaying: Search.recordingReplay)

  private static func replay(_ recording: AppRecording, path: String = "amelie.json") async throws
    -> ReplayReport
  {
    try await contract.replay(RecordingFile.encode(recording), from: path)
  }

  @Test func aRecordingRecordedInProcessReplaysAsRecorded() async throws {
    let recording = await Self.recorded()
    #expect(
      recording.steps.map(\.origin.description) == [
        "sent by the user", "sent by the effect of feedback `debounce` (generation 0)",
        "sent by the effect of feedback `search` (generation 0)",
      ])
    let report = try await Self.replay(recording)
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func aStateTheReducerDoesNotMakeFailsWithTheFieldDiffAtItsStep() async throws {
    var recording = await Self.recorded()
    recording.steps[2].state.requestsStarted = 5
    let report = try await Self.replay(recording)
    let failure = try #require(report.failure)
    #expect(failure.step == 3)
    #expect(failure.check == .state)
    #expect(failure.message.hasPrefix("replay of amelie.json failed at step 3 of 3."))
    #expect(
      failure.message.contains(
        "Expected: the recorded state after .loaded, sent by the effect of feedback `search` (generation 0)."
      ))
    #expect(failure.message.contains("  requestsStarted\n  - expected: 5\n  + actual:   1"))
    #expect(failure.message.contains("Fix: if the recording is right, fix the reducer"))
  }

  @Test func aRecordedCallTheReplayDoesNotMakeAndAnExtraOneAreReported() async throws {
    var extra = await Self.recorded()
    extra.calls.append(extra.calls[0])
    let unanswered = try #require(try await Self.replay(extra).failure)
    #expect(unanswered.check == .calls)
    #expect(unanswered.message.contains("call 2 of the recording"))

    var missing = await Self.recorded()
    missing.calls.removeAll()
    let unexpected = try #require(try await Self.replay(missing).failure)
    #expect(unexpected.check == .calls)
    // Made when step 2 (.debounced) was reduced: step 3, its answer, is the first to differ.
    #expect(unexpected.step == 3)
    #expect(
      unexpected.message.contains(
        "the replay called search(query: \"amélie + co\", page: 1), which the recording did not"))
  }

  @Test func aFailingRecordingIsMinimizedToTheStretchFromTheLastQueryBeforeTheFailure() async throws
  {
    var recording = await Self.recorded(queries: ["star", "star wars", "amélie + co"])
    #expect(recording.steps.count == 9)
    // As if the reducer had changed: the third query's answer is recorded otherwise.
    recording.steps[8].state.requestsStarted = 99
    let replay = Search.recordingReplay
    let (shortest, report) = try #require(
      await replay.minimize(recording, from: "three.json", against: Search.contract))

    // From the state before the third query: its text, debounce and answer.
    #expect(shortest.steps.count == 3)
    #expect(shortest.initialState.text == "star wars")
    #expect(shortest.steps.first?.origin == .user)
    // Times count from the state it starts at.
    let typed = recording.steps[6].atMilliseconds - recording.steps[5].atMilliseconds
    #expect(abs(shortest.steps[0].atMilliseconds - typed) < 0.002)
    #expect(report.failure?.step == 3)
    #expect(report.failure?.check == .state)
    #expect(report.failure?.message.contains("  - expected: 99\n  + actual:   3") == true)
    // What was written replays to the same failure.
    let again = try await Self.contract.replay(RecordingFile.encode(shortest), from: "three.json")
    #expect(again == report)
    // A recording that replays as recorded has nothing to minimize.
    #expect(
      await replay.minimize(await Self.recorded(), from: "a.json", against: Search.contract) == nil)
  }

  @Test func aRecordingOfAnotherAppIsRefusedByName() async throws {
    let text = String(decoding: RecordingFile.encode(await Self.recorded()), as: UTF8.self)
      .replacingOccurrences(of: #""app":"movie-search""#, with: #""app":"movies""#)
    await #expect(
      throws: RecordingFileError(
        path: "m.json", reason: "is a recording of movies, not of movie-search")
    ) {
      try await Self.contract.replay(Data(text.utf8), from: "m.json")
    }
  }

  @Test func everyMutatedRecordingReplaysOrFailsWithOneMessageNamingTheFile() async throws {
    let body = RecordingFile.encode(await Self.recorded())
    let outcomes = try await RecordingFuzz.run(body, count: 1_000, seed: 19) {
      data, path throws(RecordingFileError) in
      try await Self.contract.replay(data, from: path).failure?.message
    }
    #expect(outcomes.wrong.isEmpty, "\(outcomes)")
    // Each way out is taken, so the mutations reach past the reader into the replay.
    #expect(outcomes.refused > 100, "\(outcomes)")
    #expect(outcomes.failed > 10, "\(outcomes)")
  }
}
