import Foundation
import Loop
import LoopContracts
import LoopSession
import MovieCatalog
import MoviesContract
import MoviesFeature

/// B11 and B12: what `--record FILE` costs the apps per event, and how fast a recorded
/// session replays.
///
/// The workload is the movies pager on the immediate catalog of B7: each step sends
/// `.nextPage` and waits for `.pageLoaded`, two events and one catalog call. B11 runs it on a
/// plain store and on a store made by ``SessionRecorder`` (recording every event, state and
/// call in memory), alternating, and reports the difference per event, then the cost of
/// encoding the session file per event. B12 replays a recorded session of 1,000 events
/// against the movies contract (a test store on a test clock, calls answered from the
/// recording, every state, move and invariant checked).
enum SessionBench {
  /// Pages per recorded run: 1,000 events.
  static let pages = 500

  /// One run of B11 and B12.
  struct Sample {
    /// Nanoseconds per event on a plain store.
    var plain: Double
    /// Nanoseconds per event on a recording store.
    var recorded: Double
    /// Nanoseconds per event to encode the session as a file.
    var encoding: Double
    /// Events per second replayed.
    var replayedPerSecond: Double
    /// The session file's size, in bytes.
    var fileBytes: Int
  }

  /// Runs the pager for ``pages`` steps on `store`, returning nanoseconds per event.
  private static func drive(_ store: Store<Movies.State, Movies.Event>) async throws -> Double {
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

  /// One sample of B11 and B12.
  ///
  /// - Parameter catalog: B7's immediate catalog, saying there are ``pages`` pages.
  /// - Returns: The sample.
  /// - Throws: ``BenchError`` when a run stops early or the replay fails.
  static func run(catalog: MovieCatalog) async throws -> Sample {
    let plainStore = Store(initial: Movies.State(), machine: Movies(catalog: catalog))
    let plain = try await drive(plainStore)
    plainStore.cancel()

    let recorder = SessionRecorder<Movies.State, Movies.Event, MovieCatalogCall>(
      app: "movies", initialState: Movies.State())
    let recordingStore = recorder.store(
      running: Movies(catalog: catalog.recording(into: recorder)))
    let recorded = try await drive(recordingStore)
    recordingStore.cancel()

    let session = recorder.session
    let clock = ContinuousClock()
    let encodingStart = clock.now
    let file = SessionFile.encode(session)
    let encoding = encodingStart.duration(to: clock.now).nanoseconds / Double(session.steps.count)

    let replayStart = clock.now
    let report = await Movies.sessionReplay.replay(
      session, from: "bench.json", against: Movies.contract)
    let replaySeconds = replayStart.duration(to: clock.now).nanoseconds / 1e9
    guard report.passed, session.steps.count == 2 * pages else {
      throw BenchError(
        "B12 replayed \(session.steps.count) events: \(report.failure?.message ?? "passed")")
    }
    return Sample(
      plain: plain, recorded: recorded, encoding: encoding,
      replayedPerSecond: Double(session.steps.count) / replaySeconds, fileBytes: file.count)
  }
}
