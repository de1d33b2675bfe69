import Loop
import LoopSession

/// The session an app records when given `--record FILE` (``RecordOption``): the recorder,
/// the file, and the one way every app writes it when the command ends.
///
/// ```swift
/// let recording = try RecordOption.path(in: parsed).map { path in
///   SessionRecording<Search.State, Search.Event, MovieCatalogCall>(
///     path: path, app: "movie-search", initialState: Search.State())
/// }
/// let catalog = recording.map { catalog.recording(into: $0.recorder) } ?? catalog
/// try await SessionRecording.writing(recording) { ... run the command ... }
/// ```
public struct SessionRecording<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
>: Sendable {
  /// What the store and the dependency calls are recorded into.
  public let recorder: SessionRecorder<State, Event, Call>
  /// The file to write.
  public let path: String

  /// Starts recording a session of `app`, to be written to `path`.
  ///
  /// - Parameters:
  ///   - path: The file `--record` names.
  ///   - app: The app's command name.
  ///   - settings: How the app sets its machine up, for the replay.
  ///   - initialState: The state the store starts from.
  public init(
    path: String, app: String, settings: [String: String] = [:], initialState: State
  ) {
    self.path = path
    recorder = SessionRecorder(app: app, settings: settings, initialState: initialState)
  }

  /// Runs `body`, then writes `recording` (when there is one), whatever `body`'s outcome.
  ///
  /// A failed or interrupted run is what a bug report needs most. `body`'s error, if any, is
  /// rethrown after the file is written.
  ///
  /// - Parameters:
  ///   - recording: The session to write, or `nil` without `--record`; read after `body`,
  ///     so a command that makes its store late (trails) can hand over what it made.
  ///   - body: The command's work.
  /// - Throws: `body`'s error (a failed write is then reported on standard error); else
  ///   ``RecordingError`` when the file cannot be written.
  public static func writing(
    _ recording: @autoclosure () -> SessionRecording?, _ body: () async throws -> Void
  ) async throws {
    let outcome: Result<Void, any Error>
    do {
      try await body()
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    if let recording = recording() {
      do throws(SessionFileError) {
        // Checked again: what the path names may have changed while the command ran.
        guard (try? RecordTarget.resolve(recording.path)) == recording.path else {
          throw SessionFileError(
            path: recording.path, reason: "is no longer a regular file; nothing was written")
        }
        try SessionFile.write(recording.recorder.session, to: recording.path)
      } catch {
        let failure = RecordingError(underlying: error)
        guard case .failure(let first) = outcome else { throw failure }
        // Both failed: say why the file is missing, and exit as the command's error says.
        StandardError.writeLine("error: \(failure.userMessage)")
        throw first
      }
    }
    try outcome.get()
  }
}

extension Optional {
  /// A store running `machine`, recorded into the session when there is one.
  ///
  /// - Parameters:
  ///   - machine: The feature.
  ///   - initial: The first state, without a recording (with one, the recording's).
  /// - Returns: The store.
  public func store<M: Machine, State, Event, Call>(running machine: M, initial: State)
    -> Store<State, Event>
  where Wrapped == SessionRecording<State, Event, Call>, M.State == State, M.Event == Event {
    self?.recorder.store(running: machine) ?? Store(initial: initial, machine: machine)
  }
}

/// The `--record` file could not be written: a missing folder, a full disk.
public struct RecordingError: Error, UserFacingError {
  /// The error writing the file.
  public let underlying: SessionFileError

  /// `cannot record the session: FILE: cannot be written (...)`.
  public var userMessage: String {
    "cannot record the session: \(underlying)"
  }
}
