import Foundation
import Loop
import LoopContracts
import LoopRecording
import MovieCatalog
import MovieCatalogRecording
import MoviesContract
import MoviesFeature

/// B11 and B12: what `--record FILE` costs the apps per event, and how fast a recorded
/// recording replays, for the version 1 format (every state whole, the file written at the end)
/// and version 2 (JSON Lines appended as the store runs, states as patches) side by side.
///
/// The workload is the movies pager on the immediate catalog of B7: each step sends
/// `.nextPage` and waits for `.pageLoaded`, two events and one catalog call. B11 runs it on a
/// store recording in memory (version 1's recorder) and on one recording to a file (version
/// 2's), each between two runs on a plain store, and reports each recording's difference per
/// event from the mean of the two plain runs around it; then what
/// encoding the recording costs per event in each format, and the file's size. B12 replays the
/// recording of 1,000 events against the movies contract (a test store on a test
/// clock, calls answered from the recording, every state, move and invariant checked), alone
/// and with reading the file first.
enum RecordingBench {
  /// Pages per recorded run: 1,000 events.
  static let pages = 500

  /// One format's figures in one run.
  struct Figures {
    /// Nanoseconds per event on a plain store: the mean of one run just before the recording
    /// store's and one just after, so that what runs first (warming caches and the allocator)
    /// favours neither.
    var plain: Double
    /// Nanoseconds per event on a recording store.
    var recorded: Double
    /// What recording adds per event, in nanoseconds: the recording store's figure less the
    /// plain one around it.
    var overhead: Double { recorded - plain }
    /// Nanoseconds per event to encode the recording in this format.
    var encoding: Double
    /// The file's size, in bytes.
    var fileBytes: Int
    /// Events per second replayed from the recording in memory.
    var replayedPerSecond: Double
    /// Events per second read from the file's bytes and replayed.
    var readAndReplayedPerSecond: Double
  }

  /// One run of B11 and B12.
  struct Sample {
    /// Nanoseconds per event on a plain store, the first run of the sample.
    var plain: Double
    /// Version 1: in memory, written whole at the end.
    var version1: Figures
    /// Version 2: appended as it happens.
    var version2: Figures
  }

  /// Runs the pager for ``pages`` steps on `store`, returning nanoseconds per event.
  private static func drive(_ store: Store<Movies.State, Movies.Event>) async throws -> Double {
    defer { store.cancel() }
    let clock = ContinuousClock()
    let start = clock.now
    for page in 1...pages {
      store.send(.nextPage)
      guard await store.first(where: { $0.pagesLoaded == page && !$0.isLoading }) != nil else {
        throw BenchError("B11 stopped before page \(page)")
      }
    }
    return start.duration(to: clock.now).nanoseconds / Double(2 * pages)
  }

  private typealias AppRecording = Recording<Movies.State, Movies.Event, MovieCatalogCall>

  /// Seconds to replay `recording`, checking that it replays as recorded.
  private static func replay(_ recording: AppRecording) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let report = await Movies.recordingReplay.replay(
      recording, from: "bench.jsonl", against: Movies.contract)
    guard report.passed, recording.steps.count == 2 * pages else {
      throw BenchError(
        "B12 replayed \(recording.steps.count) events: \(report.failure?.message ?? "passed")")
    }
    return start.duration(to: clock.now).nanoseconds / 1e9
  }

  /// Seconds to read `file` and replay it.
  private static func readAndReplay(_ file: Data) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let recording = try RecordingFile.decode(
      AppRecording.self, from: file, path: "bench", app: "movies")
    _ = try await replay(recording)
    return start.duration(to: clock.now).nanoseconds / 1e9
  }

  /// Records the pager for ``pages`` steps on a store recording in memory.
  ///
  /// - Parameter catalog: B7's immediate catalog, saying there are ``pages`` pages.
  /// - Returns: The recording, and nanoseconds per event on the recording store.
  /// - Throws: ``BenchError`` when the run stops early.
  static func recordInMemory(catalog: MovieCatalog) async throws -> (
    recording: Recording<Movies.State, Movies.Event, MovieCatalogCall>, nanosecondsPerEvent: Double
  ) {
    let memory = Recorder<Movies.State, Movies.Event, MovieCatalogCall>(
      app: "movies", initialState: Movies.State())
    let store = memory.store(running: Movies(catalog: catalog.recording(into: memory)))
    let perEvent = try await drive(store)
    return (memory.recording, perEvent)
  }

  /// One sample of B11 and B12.
  ///
  /// - Parameter catalog: B7's immediate catalog, saying there are ``pages`` pages.
  /// - Returns: The sample.
  /// - Throws: ``BenchError`` when a run stops early or a replay fails.
  static func run(catalog: MovieCatalog) async throws -> Sample {
    func plain() async throws -> Double {
      try await drive(Store(initial: Movies.State(), machine: Movies(catalog: catalog)))
    }
    let plainBeforeVersion1 = try await plain()

    // Version 1: the recorder keeps every state in memory; the file is encoded at the end.
    let (recording, recordedInMemory) = try await recordInMemory(catalog: catalog)
    let plainAfterVersion1 = try await plain()
    let events = Double(recording.steps.count)
    let clock = ContinuousClock()
    var start = clock.now
    let version1File = RecordingFile.encodeVersion1(recording)
    let version1Encoding = start.duration(to: clock.now).nanoseconds / events
    let version1Replay = try await replay(recording)
    let version1ReadAndReplay = try await readAndReplay(version1File)

    // Version 2: the recorder appends to a file as the store runs.
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-bench-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let appending = try Recorder<Movies.State, Movies.Event, MovieCatalogCall>(
      app: "movies", initialState: Movies.State(), file: path)
    let appendingStore = appending.store(
      running: Movies(catalog: catalog.recording(into: appending)))
    let plainBeforeVersion2 = try await plain()
    let recordedToFile = try await drive(appendingStore)
    let plainAfterVersion2 = try await plain()
    try appending.finish(.finished)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    start = clock.now
    let version2File = RecordingFile.encode(recording)
    let version2Encoding = start.duration(to: clock.now).nanoseconds / events
    let version2Replay = try await replay(
      try RecordingFile.decode(AppRecording.self, from: version2File, path: "bench", app: "movies"))
    let version2ReadAndReplay = try await readAndReplay(written)

    return Sample(
      plain: plainBeforeVersion1,
      version1: Figures(
        plain: (plainBeforeVersion1 + plainAfterVersion1) / 2, recorded: recordedInMemory,
        encoding: version1Encoding, fileBytes: version1File.count,
        replayedPerSecond: events / version1Replay,
        readAndReplayedPerSecond: events / version1ReadAndReplay),
      version2: Figures(
        plain: (plainBeforeVersion2 + plainAfterVersion2) / 2, recorded: recordedToFile,
        encoding: version2Encoding, fileBytes: written.count,
        replayedPerSecond: events / version2Replay,
        readAndReplayedPerSecond: events / version2ReadAndReplay))
  }
}
