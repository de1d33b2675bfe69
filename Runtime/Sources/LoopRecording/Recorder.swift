import Loop
import LoopSynchronization

/// Records a store's run as a ``Recording``: every reduced event with its origin, time and
/// state, every effect, and every dependency call the app routes through
/// ``record(_:otherwise:_:)``.
///
/// A CLI given `--record FILE` makes a recorder with ``init(app:settings:initialState:file:)``,
/// which writes the file as the store runs (a version 2 recording, one line per record,
/// encoded on a thread of its own), makes its store with ``store(running:)`` instead of
/// `Store(initial:machine:)`, wraps each dependency call in ``record(_:otherwise:_:)``, and
/// calls ``finish(_:patience:)`` when it ends. Without a file the recorder keeps the recording in
/// memory (``recording``), for tests. Only what the store and the calls carry is recorded:
/// never the environment, so no API key or token.
///
/// ```swift
/// let recorder = try Recorder<Search.State, Search.Event, MovieCatalogCall>(
///   app: "movie-search", initialState: Search.State(), file: "bug.jsonl")
/// let store = recorder.store(running: search)
/// // ... run ...
/// try recorder.finish(.finished)
/// ```
public final class Recorder<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
>: Sendable {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private let recorded: Mutex<Recording<State, Event, Call>>
  /// Where each running effect is in the recording's `effects`, to record its end.
  private let running = Mutex<[RecordedOrigin: Int]>([:])
  /// The file being written, when there is one; then nothing is kept in memory.
  private let log: RecordingLog<State, Event, Call>?

  /// Starts a recording kept in memory (``recording``); its clock starts now.
  ///
  /// - Parameters:
  ///   - app: The app's command name, which replay checks.
  ///   - settings: How the app sets its machine up, for the replay to do the same.
  ///   - initialState: The state the store will start from.
  public init(app: String, settings: [String: Int] = [:], initialState: State) {
    start = clock.now
    recorded = Mutex(Recording(app: app, settings: settings, initialState: initialState))
    log = nil
  }

  /// Starts a recording written to `file` as it happens; its clock starts now.
  ///
  /// The file is made now, holding the header and first state, and replaces what `file`
  /// named (a regular file; ``RecordingFile`` readers see the old file or the new one, never a
  /// torn one). Every later record is appended as soon as it is encoded, on a thread of the
  /// recorder's own. Call ``finish(_:patience:)`` when the run ends.
  ///
  /// - Parameters:
  ///   - app: The app's command name, which replay checks.
  ///   - settings: How the app sets its machine up, for the replay to do the same.
  ///   - initialState: The state the store will start from.
  ///   - file: The file to write.
  /// - Throws: ``RecordingFileError`` when the file cannot be made.
  public init(app: String, settings: [String: Int] = [:], initialState: State, file: String)
    throws(RecordingFileError)
  {
    start = clock.now
    recorded = Mutex(Recording(app: app, settings: settings, initialState: initialState))
    log = try RecordingLog(path: file, app: app, settings: settings, initialState: initialState)
  }

  /// Ends the recording.
  ///
  /// Writes the end record after every record so far, and closes the file. Later events are
  /// not recorded. Safe to call from a signal's handler thread while the store still runs,
  /// and more than once (only the first end is written). In memory, sets ``Recording/end``.
  ///
  /// - Parameters:
  ///   - reason: Why the run ended.
  ///   - patience: How long to wait for the records still being encoded; `nil` (the
  ///     default) waits for all of them. A process ending on a signal waits a few seconds,
  ///     then leaves a file that ends early rather than hang.
  /// - Throws: ``RecordingFileError`` when a record could not be written (a full disk), or
  ///   the records were not all written within `patience`.
  public func finish(_ reason: RecordingEnd.Reason, patience: Duration? = nil)
    throws(RecordingFileError)
  {
    let end = RecordingEnd(reason: reason, atMilliseconds: now())
    guard let log else {
      recorded.withLock { recording in
        if recording.end == nil { recording.end = end }
      }
      return
    }
    try log.finish(end, patience: patience)
  }

  /// Returns once every record so far is in the file.
  ///
  /// Records are written on the recorder's own thread, so the app runs ahead of its file; a
  /// command that awaits this before it prints what a step made keeps the promise that what
  /// its user saw is in the recording, even if the process is killed right after (with
  /// SIGKILL, the records still queued are lost). "In the file" means handed to the kernel
  /// with write(2), which a killed process's file keeps; not synced to the disk. Returns at
  /// once for a recording kept in memory, after ``finish(_:patience:)``, and after a write
  /// failed (which ``finish(_:patience:)`` reports).
  ///
  /// ```swift
  /// let recorder = try Recorder<Search.State, Search.Event, MovieCatalogCall>(
  ///   app: "movie-search", initialState: Search.State(), file: "bug.jsonl")
  /// let store = recorder.store(running: search)
  /// store.send(.textChanged("star wars"))
  /// await recorder.written()
  /// print(store.state.text)  // what the user sees is in bug.jsonl already
  /// ```
  public func written() async {
    await log?.written()
  }

  /// What has been recorded so far in memory, calls in the order they started; a recorder
  /// writing a file keeps only the header here.
  public var recording: Recording<State, Event, Call> {
    var recording = recorded.withLock { $0 }
    recording.calls = recording.calls.inStartOrder()
    return recording
  }

  /// A store running `machine` from the recording's initial state, reporting every event
  /// it reduces to this recorder.
  ///
  /// - Parameter machine: The feature, built with dependencies wrapped in
  ///   ``record(_:otherwise:_:)``.
  /// - Returns: The store.
  public func store<M: Machine>(running machine: M) -> Store<State, Event>
  where M.State == State, M.Event == Event {
    let initial = recorded.withLock { $0.initialState }
    return Store(
      initial: initial, reducer: M.reducer, feedbacks: machine.feedbacks,
      instrumentation: StoreInstrumentation(
        observe: { [self] observation in observe(observation) },
        runEffect: { record, body in
          await RecordingEffect.$current.withValue(Self.origin(of: record)) { await body() }
        }))
  }

  private func observe(_ observation: StoreObservation<State, Event>) {
    switch observation {
    case .reduced(let transition):
      let origin: RecordedOrigin =
        switch transition.origin {
        case .user: .user
        case .effect(let record): Self.origin(of: record)
        }
      if let log {
        log.append(.step(transition.event, origin, now(), transition.state))
        return
      }
      let step = RecordedStep(
        event: transition.event, origin: origin, atMilliseconds: now(), state: transition.state)
      recorded.withLock { $0.steps.append(step) }
    case .effectStarted(let record):
      if let log {
        log.append(.effectStarted(Self.origin(of: record), now()))
        return
      }
      let effect = RecordedEffect(origin: Self.origin(of: record), startedAtMilliseconds: now())
      let index = recorded.withLock { recording in
        recording.effects.append(effect)
        return recording.effects.count - 1
      }
      running.withLock { $0[effect.origin] = index }
    case .effectEnded(let record, let outcome):
      let origin = Self.origin(of: record)
      let ended = now()
      let outcome: RecordedEffect.Outcome =
        switch outcome {
        case .completed: .completed
        case .cancelled: .cancelled
        case .failed: .failed
        }
      if let log {
        log.append(.effectEnded(origin, ended, outcome))
        return
      }
      guard let index = running.withLock({ $0.removeValue(forKey: origin) }) else { return }
      recorded.withLock { recording in
        recording.effects[index].endedAtMilliseconds = ended
        recording.effects[index].outcome = outcome
      }
    case .enqueued, .dropped, .effectCancelled:
      break
    }
  }

  private static func origin(of record: EffectRun) -> RecordedOrigin {
    .feedback(name: record.feedback, generation: record.generation)
  }

  /// Runs one dependency call and records it with its outcome.
  ///
  /// A `Failure` thrown is recorded and rethrown; cancellation is recorded as
  /// ``CallOutcome/cancelled`` and rethrown; any other error becomes the `Failure` that
  /// `otherwise` makes of it, which is recorded and thrown instead, so that a replay, which
  /// can only throw what was recorded, sees what the app saw.
  ///
  /// - Parameters:
  ///   - call: Makes the app's call value from the outcome (the arguments are captured).
  ///   - otherwise: The `Failure` for an error of another type.
  ///   - body: The real call.
  /// - Returns: What `body` returned.
  /// - Throws: The `Failure` recorded, or `CancellationError`.
  public func record<Value: Codable & Sendable & Hashable, Failure: Error & Codable & Hashable>(
    _ call: (CallOutcome<Value, Failure>) -> Call,
    otherwise: (any Error) -> Failure,
    _ body: () async throws -> Value
  ) async throws -> Value {
    let started = now()
    let outcome: CallOutcome<Value, Failure>
    let result: Result<Value, any Error>
    do {
      let value = try await body()
      outcome = .returned(value)
      result = .success(value)
    } catch let failure as Failure {
      outcome = .threw(failure)
      result = .failure(failure)
    } catch is CancellationError {
      outcome = .cancelled
      result = .failure(CancellationError())
    } catch {
      let failure = otherwise(error)
      outcome = Task.isCancelled ? .cancelled : .threw(failure)
      result = .failure(Task.isCancelled ? CancellationError() : failure)
    }
    let recordedCall = RecordedCall(
      call: call(outcome), by: RecordingEffect.current, startedAtMilliseconds: started,
      endedAtMilliseconds: now())
    if let log {
      log.append(.call(recordedCall))
    } else {
      recorded.withLock { $0.calls.append(recordedCall) }
    }
    return try result.get()
  }

  /// Milliseconds since the recording started, to the microsecond.
  private func now() -> Double {
    let elapsed = start.duration(to: clock.now)
    let microseconds =
      elapsed.components.seconds * 1_000_000
      + elapsed.components.attoseconds / 1_000_000_000_000
    return Double(microseconds) / 1_000
  }
}

/// The effect running on the current task of a recorded store, which its calls name.
enum RecordingEffect {
  @TaskLocal static var current: RecordedOrigin?
}
