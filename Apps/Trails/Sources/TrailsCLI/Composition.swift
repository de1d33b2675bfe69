import AppCLI
import CalendarDay
import Foundation
import HTTPTransport
import LoopRecording
import LoopSynchronization
import TrailsFeature
import TrailsModel
import TrailsPersistence
import TrailsRecording
import Weather

/// The planner's dependencies, chosen from the command line.
struct Composition {
  /// The first day the bundled forecasts cover: offline, a new plan starts then, so its days
  /// have forecasts.
  static let fixturesToday = Day(year: 2026, month: 12, day: 1)

  let catalog: TrailCatalog
  /// The plan's database, open until ``close()``.
  let database: SQLitePlanDatabase
  /// Where forecasts come from: made into a service only for a planner, as a one-shot edit
  /// asks for none.
  let source: SourceOptions
  let today: Day
  /// Whether forecasts come from the fixtures because no source was asked for: say so once.
  let isDefaultOffline: Bool
  /// Where the recording of `--record` goes once ``PlannerRun`` has made it.
  let recording: RecordingSlot
  /// Why the database was opened read-only although writing was asked for (see
  /// `readOnlyFallback`), as one line for the user; `nil` when it opened as asked.
  let readOnlyNotice: String?

  /// Opens what `options` ask for, runs `body` with it, and closes the database however
  /// `body` ends.
  ///
  /// Closing it is what leaves the database one file: the last connection to close folds
  /// the `-wal` back in. A process that ends before `body` does (a signal, a failed write to
  /// standard output) closes it on its way out (``ProcessEnd``).
  ///
  /// - Throws: What ``init(_:access:recording:readOnlyFallback:)`` and `body` throw.
  static func using<Result>(
    _ options: TrailsOptions, access: SQLitePlanDatabase.Access, recording: RecordingSlot,
    readOnlyFallback: Bool = false, _ body: (Composition) async throws -> Result
  ) async throws -> Result {
    let composition = try Composition(
      options, access: access, recording: recording, readOnlyFallback: readOnlyFallback)
    do {
      let result = try await body(composition)
      await composition.close()
      return result
    } catch {
      await composition.close()
      throw error
    }
  }

  /// Reads the options (a usage error before anything is opened), then opens the database.
  ///
  /// The database opens for writing, or read-only (a command that only reads creates and
  /// changes nothing, and a missing database is an empty plan). With `readOnlyFallback`, a
  /// database that can be read but not written (``PersistenceError/allowsReading``: the
  /// file or its folder not writable, or no file and a folder that cannot take one) opens
  /// read-only, and ``readOnlyNotice`` says why; without it, that is a failure.
  ///
  /// Whatever ends the process closes the database first (``ClosingOnExit``), unless
  /// ``close()`` did; a signal while it opens waits for the open.
  init(
    _ options: TrailsOptions, access: SQLitePlanDatabase.Access, recording: RecordingSlot,
    readOnlyFallback: Bool = false
  ) throws {
    self.recording = recording
    let source = options.source
    self.source = source
    switch source.source {
    case .fixtures: today = Self.fixturesToday ?? Day(Date())
    case .live: today = Day(Date())
    }
    isDefaultOffline = !source.isChosen
    do {
      catalog = try TrailCatalog.fixtures()
    } catch {
      throw CommandFailure("the trail catalog could not be loaded: \(error)")
    }
    let path = options.databasePath ?? SQLitePlanDatabase.defaultPath()
    let closing = ClosingOnExit()
    do {
      (database, readOnlyNotice) = try Self.open(
        path, access, readOnlyFallback: readOnlyFallback)
    } catch {
      closing.opened(nil)
      throw CommandFailure(error.userMessage)
    }
    closing.opened(database)
  }

  /// The forecasts of ``source``: the bundled ones, or Open-Meteo's (or `--api-base`'s).
  var weather: WeatherService {
    switch source.source {
    case .fixtures: .fixtures
    case .live:
      .live(
        baseURL: source.apiBase ?? WeatherService.openMeteoBaseURL,
        transport: .curl(timeout: source.timeout))
    }
  }

  /// Closes the database, after the calls already made; calls made later fail.
  func close() async {
    await database.close()
  }

  /// The database at `path`, and why it is read-only when it fell back.
  private static func open(
    _ path: String, _ access: SQLitePlanDatabase.Access, readOnlyFallback: Bool
  ) throws(PersistenceError) -> (SQLitePlanDatabase, String?) {
    do {
      return (try SQLitePlanDatabase(path: path, access: access), nil)
    } catch let error where readOnlyFallback && error.allowsReading {
      return (try SQLitePlanDatabase(path: path, access: .readOnly), error.userMessage)
    }
  }

  /// The planner, writing after `saveQuietWindow` of quiet, watching the database every
  /// `watchInterval` when given and asking for `forecastRequests`; its database and weather
  /// record into `recorder` when given.
  func machine(
    saveQuietWindow: Duration, watchInterval: Duration?,
    forecastRequests: Trails.ForecastRequests,
    recorder: Recorder<Trails.State, Trails.Event, TrailsCall>? = nil
  ) -> Trails {
    let recorded: any PlanDatabase =
      if let recorder { database.recording(into: recorder) } else { database }
    let weather = self.weather
    return Trails(
      catalog: catalog, database: recorded,
      weather: recorder.map { weather.recording(into: $0) } ?? weather, clock: ContinuousClock(),
      saveQuietWindow: saveQuietWindow, watchInterval: watchInterval,
      forecastRequests: forecastRequests)
  }
}

/// The `--record` file, and what is recorded into it once a ``PlannerRun`` starts.
///
/// A command makes its store after reading the saved plan's requests, so the recording is
/// made there and handed back here for ``CommandRecording/writing(_:_:)`` to write. The
/// recording is set on the command's task and read after it, on the task that waits for it:
/// a `Mutex` hands it over.
final class RecordingSlot: Sendable {
  /// `--record`'s file, if given.
  let path: String?
  /// The recording, once made.
  private let made = Mutex<CommandRecording<Trails.State, Trails.Event, TrailsCall>?>(nil)

  init(path: String?) {
    self.path = path
  }

  /// The recording, once made; set once, when the command starts its planner.
  var recording: CommandRecording<Trails.State, Trails.Event, TrailsCall>? {
    get { made.withLock { $0 } }
    set { made.withLock { $0 = newValue } }
  }
}
