import CommandLineParsing
import Loop
import LoopRecording
import LoopSynchronization
import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recording an app records when given `--record FILE` (``RecordOption``): the recorder,
/// writing the file as the command runs, and the one way every app ends it.
///
/// The file is made when the recording starts and a record is appended for every step, call
/// and effect as it happens, so a run that crashes or is killed leaves what it did up to
/// then. Ctrl-C and SIGTERM end the file with its end record (`interrupted`, `terminated`)
/// before the process exits, in scripted and interactive runs alike.
///
/// ```swift
/// let recording = try arguments.record.map { path in
///   try CommandRecording<Search.State, Search.Event, MovieCatalogCall>(
///     path: path, app: "movie-search", initialState: Search.State())
/// }
/// let recorded = recording.map { catalog.recording(into: $0.recorder) } ?? catalog
/// try await CommandRecording.writing(recording) {
///   try await run(Search(catalog: recorded, clock: ContinuousClock(), localCatalog: { [] }))
/// }
/// ```
public struct CommandRecording<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
>: Sendable {
  /// What the store and the dependency calls are recorded into.
  public let recorder: Recorder<State, Event, Call>
  /// The file being written.
  public let path: String

  /// Starts a recording of `app` to `path`: makes the file, and ends it on SIGINT
  /// or SIGTERM.
  ///
  /// - Parameters:
  ///   - path: The file `--record` names, checked by ``RecordOption``.
  ///   - app: The app's command name.
  ///   - settings: How the app sets its machine up, for the replay.
  ///   - initialState: The state the store starts from.
  /// - Throws: ``RecordingError`` when the file cannot be made.
  public init(
    path: String, app: String, settings: [String: Int] = [:], initialState: State
  ) throws(RecordingError) {
    self.path = path
    // The hook first: a signal from the moment the file exists ends it properly.
    let made = Mutex<Recorder<State, Event, Call>?>(nil)
    SignalExit.add { signal in
      // A few seconds for the records still being encoded, not a hang on the way out.
      try? made.withLock { $0 }?.finish(
        signal == SIGTERM ? .terminated : .interrupted, patience: .seconds(5))
    }
    do {
      // Made under the lock the hook takes: a signal while the file is being made waits
      // for it, then ends it.
      recorder = try made.withLock { slot throws(RecordingFileError) in
        let recorder = try Recorder<State, Event, Call>(
          app: app, settings: settings, initialState: initialState, file: path)
        slot = recorder
        return recorder
      }
    } catch {
      throw RecordingError(underlying: error)
    }
  }

  /// Runs `body`, then ends `recording` (when there is one) with how `body` ended.
  ///
  /// A failed or interrupted run is what a bug report needs most. `body`'s error, if any, is
  /// rethrown after the file is ended.
  ///
  /// - Parameters:
  ///   - recording: The recording being recorded, or `nil` without `--record`; read after
  ///     `body`, so a command that makes its store late (trails) can hand over what it made.
  ///   - body: The command's work.
  /// - Throws: `body`'s error (a failed write is then reported on standard error); else
  ///   ``RecordingError`` when the file could not be written.
  public static func writing(
    _ recording: @autoclosure () -> CommandRecording?, _ body: () async throws -> Void
  ) async throws {
    let outcome: Result<Void, any Error>
    do {
      try await body()
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    if let recording = recording() {
      let reason: RecordingEnd.Reason =
        switch outcome {
        case .success: .finished
        case .failure(let error as ExitCode) where error == .partial: .finished
        case .failure(let error as ExitCode) where error == .interrupted: .interrupted
        case .failure: .failed
        }
      do throws(RecordingFileError) {
        try recording.recorder.finish(reason)
      } catch {
        let failure = RecordingError(underlying: error)
        guard case .failure(let first) = outcome else { throw failure }
        // Both failed: say why the file is incomplete, and exit as the command's error says.
        StandardError.writeLine("error: \(failure.userMessage)")
        throw first
      }
    }
    try outcome.get()
  }
}

extension Optional {
  /// A store running `machine`, recorded into the recording when there is one.
  ///
  /// - Parameters:
  ///   - machine: The feature.
  ///   - initial: The first state, without a recording (with one, the recording's).
  /// - Returns: The store.
  public func store<M: Machine, State, Event, Call>(running machine: M, initial: State)
    -> Store<State, Event>
  where Wrapped == CommandRecording<State, Event, Call>, M.State == State, M.Event == Event {
    self?.recorder.store(running: machine) ?? Store(initial: initial, machine: machine)
  }

  /// Returns once the recording, when there is one, holds every record so far
  /// (`Recorder.written()`).
  ///
  /// A scripted command awaits it before printing what its steps made, so what its user saw
  /// is in the file even when the process is killed right after.
  public func written<State, Event, Call>() async
  where Wrapped == CommandRecording<State, Event, Call> {
    await self?.recorder.written()
  }
}

/// The `--record` file could not be written: a missing folder, a full disk.
public struct RecordingError: Error, UserFacingError {
  /// The error writing the file.
  public let underlying: RecordingFileError

  /// `cannot record the recording: FILE: cannot be written (...)`.
  public var userMessage: String {
    "cannot record the recording: \(underlying)"
  }
}
