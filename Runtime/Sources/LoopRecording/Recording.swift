/// A recorded run of one app's store: where it started, every event with its origin and the
/// state it made, and every dependency call with its arguments and outcome.
///
/// Written by ``Recorder`` (`--record FILE` in every CLI), read by ``RecordingFile``,
/// and replayed against the app's contract by `conformance --replay FILE`. `State` and
/// `Event` are the machine's; `Call` is the app's own enum of dependency calls, each case
/// holding the arguments and the ``CallOutcome``.
///
/// On disk it is a version 2 file of JSON Lines, written as the store runs (see
/// ``RecordingFile``); version 1 files, one JSON object, still read.
public struct Recording<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
>:
  Codable, Sendable
{
  /// The value of every recording file's `format` field.
  public static var format: String { "loop-recording" }
  /// The schema version this build writes, and the newest it reads.
  public static var currentVersion: Int { 2 }

  /// Always ``format``: tells a recording file from any other JSON.
  public let format: String
  /// The schema version the file was written with.
  public let version: Int
  /// The app whose store was recorded, as its command is named (`movie-search`).
  public let app: String
  /// How the app set its machine up, where the state does not say (`debounce_ms`), so a
  /// replay builds the same machine: durations in whole milliseconds.
  public var settings: [String: Int]
  /// The store's first state.
  public var initialState: State
  /// Every reduced event, in the order the store reduced them.
  public var steps: [RecordedStep<State, Event>]
  /// Every dependency call, in the order the calls started.
  public var calls: [RecordedCall<Call>]
  /// Every effect the store started, in the order it started them, with how each ended.
  public var effects: [RecordedEffect]
  /// How and when the recording ended, as its end record says; `nil` for a version 1 file,
  /// a recording made in memory, or a file that stops before its end record.
  public var end: RecordingEnd?
  /// Where a version 2 file stops early, when it has no end record.
  ///
  /// The recording process was killed, or the file was cut: "after line 40". Its complete records are the
  /// recording up to that point.
  public var endedEarly: String?

  /// Whether the recording stops in the middle of the run.
  ///
  /// Its file ended early, or the run failed or was ended by a signal (Ctrl-C, SIGTERM) while effects may still have been
  /// running. A replay then leaves out what those effects did after the recording stopped.
  public var stopsMidRun: Bool {
    endedEarly != nil || (end.map { $0.reason != .finished } ?? false)
  }

  /// Creates a recording at the current version.
  ///
  /// - Parameters:
  ///   - app: The app's command name.
  ///   - settings: How the app set its machine up.
  ///   - initialState: The store's first state.
  ///   - steps: The reduced events.
  ///   - calls: The dependency calls.
  ///   - effects: The effects started.
  public init(
    app: String, settings: [String: Int] = [:], initialState: State,
    steps: [RecordedStep<State, Event>] = [], calls: [RecordedCall<Call>] = [],
    effects: [RecordedEffect] = []
  ) {
    self.format = Self.format
    self.version = Self.currentVersion
    self.app = app
    self.settings = settings
    self.initialState = initialState
    self.steps = steps
    self.calls = calls
    self.effects = effects
  }

  private enum CodingKeys: String, CodingKey {
    case format, version, app, settings, steps, calls, effects
    case initialState = "initial_state"
  }

  /// Reads a version 1 file's object, whose settings are text (`"debounce_ms": "300"`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // A file from before 0.3.0 says "loop-session"; the value read is the current format.
    _ = try container.decode(String.self, forKey: .format)
    format = Self.format
    version = try container.decode(Int.self, forKey: .version)
    app = try container.decode(String.self, forKey: .app)
    if let numbers = try? container.decode([String: Int].self, forKey: .settings) {
      settings = numbers
    } else {
      let texts = try container.decode([String: String].self, forKey: .settings)
      settings = try texts.mapValues { text in
        guard let number = Int(text) else {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: [CodingKeys.settings],
              debugDescription: "setting \"\(text)\" is not a whole number"))
        }
        return number
      }
    }
    initialState = try container.decode(State.self, forKey: .initialState)
    steps = try container.decode([RecordedStep<State, Event>].self, forKey: .steps)
    calls = try container.decode([RecordedCall<Call>].self, forKey: .calls)
    effects = try container.decodeIfPresent([RecordedEffect].self, forKey: .effects) ?? []
  }

  /// Writes the version 1 object (``RecordingFile/encodeVersion1(_:)``).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(1, forKey: .version)
    try container.encode(app, forKey: .app)
    try container.encode(settings.mapValues(String.init), forKey: .settings)
    try container.encode(initialState, forKey: .initialState)
    try container.encode(steps, forKey: .steps)
    try container.encode(calls, forKey: .calls)
    try container.encode(effects, forKey: .effects)
  }
}

/// How a recording ended: its end record, the last line of a version 2 file.
public struct RecordingEnd: Codable, Hashable, Sendable {
  /// Why it ended.
  public enum Reason: String, Codable, Hashable, Sendable {
    /// The command finished (exit 0 or 3).
    case finished
    /// The command failed (exit 1 or 2).
    case failed
    /// Ctrl-C (exit 130).
    case interrupted
    /// SIGTERM (exit 143).
    case terminated
  }

  /// Why it ended.
  public var reason: Reason
  /// When, in milliseconds since the store was made.
  public var atMilliseconds: Double

  /// Creates an end record.
  ///
  /// - Parameters:
  ///   - reason: Why it ended.
  ///   - atMilliseconds: When.
  public init(reason: Reason, atMilliseconds: Double) {
    self.reason = reason
    self.atMilliseconds = atMilliseconds
  }

  private enum CodingKeys: String, CodingKey {
    case reason
    case atMilliseconds = "at_ms"
  }
}

/// One reduced event of a ``Recording``: what was sent, by whom, when, and the state after it.
public struct RecordedStep<State: Codable & Sendable, Event: Codable & Sendable>: Codable, Sendable
{
  /// The event.
  public var event: Event
  /// Who sent it.
  public var origin: RecordedOrigin
  /// When the store reduced it, in milliseconds since the store was made.
  public var atMilliseconds: Double
  /// The state the event made.
  public var state: State

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - origin: Who sent it.
  ///   - atMilliseconds: When it was reduced, since the store was made.
  ///   - state: The state after it.
  public init(event: Event, origin: RecordedOrigin, atMilliseconds: Double, state: State) {
    self.event = event
    self.origin = origin
    self.atMilliseconds = atMilliseconds
    self.state = state
  }

  private enum CodingKeys: String, CodingKey {
    case event, origin, state
    case atMilliseconds = "at_ms"
  }
}

/// Who sent an event: the user, or the effect of a named feedback.
public enum RecordedOrigin: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The user (a key, a command-line argument).
  case user
  /// An effect: its feedback's name and the effect's generation within that feedback.
  case feedback(name: String, generation: Int)

  /// Who sent it, in words: "sent by the user", or the feedback and generation.
  public var description: String {
    switch self {
    case .user: "sent by the user"
    case .feedback(let name, let generation):
      "sent by the effect of feedback `\(name)` (generation \(generation))"
    }
  }
}

extension Array {
  /// Recorded calls in the order they started (calls are recorded as they end), calls
  /// that started together in the order they were recorded.
  func inStartOrder<Call>() -> [RecordedCall<Call>] where Element == RecordedCall<Call> {
    enumerated()
      .sorted {
        ($0.element.startedAtMilliseconds, $0.offset) < (
          $1.element.startedAtMilliseconds, $1.offset
        )
      }
      .map(\.element)
  }
}

/// One dependency call of a ``Recording``: the app's call value and when it ran.
public struct RecordedCall<Call: Codable & Sendable>: Codable, Sendable {
  /// The call: which dependency, its arguments and its outcome, as the app's enum says.
  public var call: Call
  /// The effect that made the call; `nil` for a call made outside any effect.
  public var by: RecordedOrigin?
  /// When it started, in milliseconds since the store was made.
  public var startedAtMilliseconds: Double
  /// When it returned, threw or was cancelled, in milliseconds since the store was made.
  public var endedAtMilliseconds: Double

  /// Creates a recorded call.
  ///
  /// - Parameters:
  ///   - call: The call and its outcome.
  ///   - by: The effect that made it, if one did.
  ///   - startedAtMilliseconds: When it started.
  ///   - endedAtMilliseconds: When it ended.
  public init(
    call: Call, by: RecordedOrigin? = nil, startedAtMilliseconds: Double,
    endedAtMilliseconds: Double
  ) {
    self.call = call
    self.by = by
    self.startedAtMilliseconds = startedAtMilliseconds
    self.endedAtMilliseconds = endedAtMilliseconds
  }

  private enum CodingKeys: String, CodingKey {
    case call, by
    case startedAtMilliseconds = "started_at_ms"
    case endedAtMilliseconds = "ended_at_ms"
  }
}

/// One effect a recorded store started: whose it was, when it ran, and how it ended.
public struct RecordedEffect: Codable, Hashable, Sendable {
  /// How an effect ended.
  public enum Outcome: String, Codable, Hashable, Sendable {
    /// Its body returned.
    case completed
    /// It was cancelled: replaced, no longer wanted, or the store ended.
    case cancelled
    /// Its body threw and no event was made of the error.
    case failed
  }

  /// The feedback and generation: what its events' and calls' origins name.
  public var origin: RecordedOrigin
  /// When the store started it, in milliseconds since the store was made.
  public var startedAtMilliseconds: Double
  /// When it ended; `nil` when it was still running as the recording was taken.
  public var endedAtMilliseconds: Double?
  /// How it ended; `nil` while running.
  public var outcome: Outcome?

  /// Creates a recorded effect.
  ///
  /// - Parameters:
  ///   - origin: Its feedback and generation.
  ///   - startedAtMilliseconds: When it started.
  ///   - endedAtMilliseconds: When it ended, if it had.
  ///   - outcome: How it ended, if it had.
  public init(
    origin: RecordedOrigin, startedAtMilliseconds: Double, endedAtMilliseconds: Double? = nil,
    outcome: Outcome? = nil
  ) {
    self.origin = origin
    self.startedAtMilliseconds = startedAtMilliseconds
    self.endedAtMilliseconds = endedAtMilliseconds
    self.outcome = outcome
  }

  private enum CodingKeys: String, CodingKey {
    case origin, outcome
    case startedAtMilliseconds = "started_at_ms"
    case endedAtMilliseconds = "ended_at_ms"
  }
}

/// How a dependency call ended: a value, a typed error, or cancelled by its effect's end.
public enum CallOutcome<
  Value: Codable & Sendable & Hashable, Failure: Codable & Sendable & Hashable
>:
  Codable, Sendable, Hashable
{
  /// The call returned `Value`.
  case returned(Value)
  /// The call threw `Failure`.
  case threw(Failure)
  /// The effect that made the call was cancelled before it ended.
  case cancelled
}

/// An error recorded by its description, for a dependency whose errors the feature only
/// describes (`String(describing: error)` in its `onError`): a replay throws it back, and
/// the feature describes it the same way.
public struct RecordedError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
  /// The error's description, as the app saw it.
  public let description: String

  /// Records `error` by its description.
  ///
  /// - Parameter error: The error the dependency threw.
  public init(_ error: any Error) {
    description = String(describing: error)
  }

  /// An error with this description.
  ///
  /// - Parameter description: The description.
  public init(description: String) {
    self.description = description
  }
}

extension Duration {
  /// This duration as a recording's setting: whole milliseconds (`300`).
  public var recordingMilliseconds: Int {
    let (seconds, attoseconds) = components
    return Int(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
  }

  /// The duration a recording's setting names; `nil` for none or a negative number.
  ///
  /// - Parameter milliseconds: The setting, as ``recordingMilliseconds`` wrote it.
  public init?(recordingMilliseconds milliseconds: Int?) {
    guard let milliseconds, milliseconds >= 0 else { return nil }
    self = .milliseconds(milliseconds)
  }
}
