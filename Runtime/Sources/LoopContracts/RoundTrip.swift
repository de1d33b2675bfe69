import LoopRecording
import LoopTesting

/// A codec whose round trip must be the identity, checked on states exploration reached.
///
/// What an app writes it must read back unchanged: the plan through its database, a deep link
/// printed and parsed again, a state through the JSON a recording stores. A round trip names
/// the value a state holds (`of`) and the trip it takes (`through`: encode, store, read,
/// decode); the runner takes a seeded sample of the states exploration reached (the same
/// sample for the same seed), sends each one's value through, and fails with the field diff
/// of the first value that comes back different, or with the error the trip threw.
///
/// ```swift
/// let codec = RoundTrip<Search.State>("a recorded state decodes to itself", sample: 500) {
///   $0
/// } through: { state in
///   try JSONDecoder().decode(Search.State.self, from: JSONEncoder().encode(state))
/// }
/// ```
public struct RoundTrip<State: Sendable>: Sendable {
  /// The codec, in words; reports use it.
  public let name: String
  /// The most states it is checked on; fewer when exploration reached fewer.
  public let sample: Int
  /// What went wrong for `state`, or `nil` when its value came back equal.
  let check: @Sendable (State) async -> String?

  /// Creates a round trip of the value `of` picks from a state, through `through`.
  ///
  /// - Parameters:
  ///   - name: The codec, in words.
  ///   - sample: The most states to check it on.
  ///   - value: The value a state holds that the codec carries.
  ///   - trip: The way there and back: encode, store, read, decode.
  public init<Value: Equatable & Sendable>(
    _ name: String, sample: Int = 200, of value: @escaping @Sendable (State) -> Value,
    through trip: @escaping @Sendable (Value) async throws -> Value
  ) {
    self.name = name
    self.sample = sample
    self.check = { state in
      let original = value(state)
      do {
        let back = try await trip(original)
        guard back != original else { return nil }
        let diff =
          StateDiff(expected: original, actual: back)?.description
          ?? "  expected \(Render.value(original))\n  actual   \(Render.value(back))"
        return "came back different (- before the trip, + after it):\n\(diff)"
      } catch {
        return "the trip threw \(Render.value(error)): \(error)"
      }
    }
  }
}

extension RoundTrip where State: Codable & Equatable {
  /// A state through a recording file: written as `--record FILE` writes it (LoopRecording's
  /// `RecordingFile`), read as `conformance --replay FILE` reads it, and compared.
  ///
  /// - Parameters:
  ///   - app: The app the recording names.
  ///   - event: The app's event type, which the file's steps are decoded as.
  ///   - sample: The most states to check it on.
  /// - Returns: The round trip.
  public static func recordingFile<Event: Codable & Sendable>(
    app: String, events event: Event.Type, sample: Int = 300
  ) -> RoundTrip {
    RoundTrip("a state reads back from a recording file as it was written", sample: sample) {
      $0
    } through: { state in
      let written = RecordingFile.encode(
        Recording<State, Event, NoCall>(app: app, initialState: state))
      return try RecordingFile.decode(
        Recording<State, Event, NoCall>.self, from: written, path: "(round trip)", app: app
      ).initialState
    }
  }
}

/// The calls of a recording that makes none.
private struct NoCall: Codable, Sendable {}
