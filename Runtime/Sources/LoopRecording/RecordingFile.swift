import Foundation

/// Reads and writes recording files.
///
/// Version 2, which this build writes, is JSON Lines: a header line (format, version, app,
/// settings, first state), then one record per step, call, effect start and effect end in the
/// order they happened, each a JSON object with sorted keys on one line, and an end record.
/// A step holds its state as a JSON Patch (RFC 6902) from the state before it, or whole at a
/// keyframe. ``Recorder`` appends the records as the store runs, so a killed process leaves
/// every record it finished; a reader replays those and says where the file ended early.
/// Version 1, one JSON object holding every state whole, still reads.
///
/// Reading checks, in order: the text is JSON, it is a recording (`format`), of a version this
/// build reads, of the app asked for, and every field decodes; then that times never go
/// back. Each refusal is one ``RecordingFileError`` naming the file, the step and the fault.
public enum RecordingFile {
  /// The value of every recording file's `format` field: `"loop-recording"`.
  public static let format = "loop-recording"

  /// The `format` of files written before 0.3.0, when a recording was called a session: read
  /// as ``format``.
  static let formerFormat = "loop-session"

  /// The fields every version has, read first so a foreign or newer file is refused by name.
  private struct Header: Decodable {
    let format: String?
    let version: Int?
    let app: String?
  }

  /// Reads the recording of `app` in the file at `path`.
  ///
  /// - Parameters:
  ///   - type: The recording type of the app.
  ///   - path: The file.
  ///   - app: The app the recording must be of.
  /// - Returns: The recording.
  /// - Throws: ``RecordingFileError`` for an unreadable file or any fault ``decode(_:from:path:app:)`` finds.
  public static func read<State, Event, Call>(
    _ type: Recording<State, Event, Call>.Type, from path: String, app: String
  ) throws(RecordingFileError) -> Recording<State, Event, Call> {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw RecordingFileError(path: path, reason: "cannot be read (\(Self.reason(error)))")
    }
    return try decode(type, from: data, path: path, app: app)
  }

  /// The app a recording file says it is of, without decoding the rest.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for errors.
  /// - Returns: The `app` field.
  /// - Throws: ``RecordingFileError`` when the bytes are not a recording of a version this build reads.
  public static func app(of data: Data, path: String) throws(RecordingFileError) -> String {
    try header(of: data, path: path).app
  }

  /// Decodes the recording of `app` from a file's bytes.
  ///
  /// - Parameters:
  ///   - type: The recording type of the app.
  ///   - data: The bytes.
  ///   - path: The file's name, for errors.
  ///   - app: The app the recording must be of.
  /// - Returns: The recording.
  /// - Throws: ``RecordingFileError`` for invalid JSON, another format, version or app, a field
  ///   that does not decode, or times that go back.
  public static func decode<State, Event, Call>(
    _ type: Recording<State, Event, Call>.Type, from data: Data, path: String, app: String
  ) throws(RecordingFileError) -> Recording<State, Event, Call> {
    let (found, version) = try header(of: data, path: path)
    guard found == app else {
      throw RecordingFileError(path: path, reason: "is a recording of \(found), not of \(app)")
    }
    let recording: Recording<State, Event, Call>
    if version >= 2 {
      recording = try RecordLineDecoder<State, Event, Call>.decode(data, path: path)
    } else {
      do {
        recording = try JSONDecoder().decode(type, from: data)
      } catch let error as DecodingError {
        throw Self.error(error, path: path)
      } catch {
        throw RecordingFileError(path: path, reason: Self.reason(error))
      }
    }
    try check(recording, path: path)
    return recording
  }

  /// The bytes of `recording` as a version 2 file: the header, the steps, the calls, the
  /// effects and the end record, one per line.
  ///
  /// A recording made in memory has no end record of its own; it is written as finished at
  /// its last step. One read from a file that ended early is written without one again.
  ///
  /// - Parameter recording: The recording.
  /// - Returns: The bytes.
  public static func encode<State, Event, Call>(_ recording: Recording<State, Event, Call>) -> Data
  {
    var lines = RecordLineEncoder<State, Event, Call>()
    // Lines are gathered as bytes and made `Data` once: appending to `Data` line by line
    // costs more than the bytes.
    var bytes: [UInt8] = []
    // Every value of a recording is a Codable value type of the app's; encoding cannot fail
    // but for a non-finite Double, which no clock reading or payload of ours holds.
    do {
      bytes.append(
        contentsOf: try lines.header(
          app: recording.app, settings: recording.settings, initialState: recording.initialState))
      for step in recording.steps {
        bytes.append(
          contentsOf: try lines.step(
            event: step.event, origin: step.origin, atMilliseconds: step.atMilliseconds,
            state: step.state))
      }
      for call in recording.calls {
        bytes.append(contentsOf: try lines.call(call))
      }
      for effect in recording.effects {
        bytes.append(
          contentsOf: try lines.effectStarted(
            effect.origin, atMilliseconds: effect.startedAtMilliseconds))
        if let ended = effect.endedAtMilliseconds, let outcome = effect.outcome {
          bytes.append(
            contentsOf: try lines.effectEnded(
              effect.origin, atMilliseconds: ended, outcome: outcome))
        }
      }
      if recording.endedEarly == nil {
        let end =
          recording.end
          ?? RecordingEnd(
            reason: .finished, atMilliseconds: recording.steps.last?.atMilliseconds ?? 0)
        bytes.append(contentsOf: try lines.end(end))
      }
    } catch {
      preconditionFailure("a recording failed to encode: \(error)")
    }
    return Data(bytes)
  }

  /// The bytes of `recording` as a version 1 file.
  ///
  /// One pretty-printed JSON object with sorted keys, every state whole. This build still reads them; it writes them only to prove so.
  ///
  /// - Parameter recording: The recording.
  /// - Returns: The bytes.
  public static func encodeVersion1<State, Event, Call>(_ recording: Recording<State, Event, Call>)
    -> Data
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard var data = try? encoder.encode(recording) else {
      preconditionFailure("a recording failed to encode")
    }
    data.append(0x0A)
    return data
  }

  /// Writes `recording` to `path`, replacing the file atomically.
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - path: The file.
  /// - Throws: ``RecordingFileError`` when the file cannot be written (a missing folder, a
  ///   full disk).
  public static func write<State, Event, Call>(
    _ recording: Recording<State, Event, Call>, to path: String
  ) throws(RecordingFileError) {
    do {
      try encode(recording).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw RecordingFileError(path: path, reason: "cannot be written (\(Self.reason(error)))")
    }
  }

  /// The app and version a file says it is of: a version 2 file's first line, or a version 1
  /// file's object.
  private static func header(of data: Data, path: String) throws(RecordingFileError) -> (
    app: String, version: Int
  ) {
    if let newline = data.firstIndex(of: 0x0A),
      let first = try? JSONNode.parse(ArraySlice(data[data.startIndex..<newline])),
      case .object = first.kind, first["version"] != nil
    {
      return try header(
        format: first["format"]?.string, version: first["version"].flatMap(Self.integer),
        app: first["app"]?.string, path: path)
    }
    let fields: Header
    do {
      fields = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      if (try? JSONSerialization.jsonObject(with: data)) == nil {
        throw RecordingFileError(
          path: path, reason: "is not JSON (cut short, or not a recording file)")
      }
      throw RecordingFileError(path: path, reason: "is not a recording file (no `format`)")
    }
    return try header(format: fields.format, version: fields.version, app: fields.app, path: path)
  }

  private static func integer(_ node: JSONNode) -> Int? {
    if case .number(let text) = node.kind { Int(text) } else { nil }
  }

  private static func header(format: String?, version: Int?, app: String?, path: String)
    throws(RecordingFileError) -> (app: String, version: Int)
  {
    guard format == Self.format || format == Self.formerFormat else {
      throw RecordingFileError(
        path: path, reason: "is not a recording file (its `format` is not \"loop-recording\")")
    }
    guard let version else {
      throw RecordingFileError(path: path, reason: "has no `version`")
    }
    let current = Recording<Int, Int, Int>.currentVersion
    guard version <= current else {
      throw RecordingFileError(
        path: path,
        reason: "is a version \(version) recording, newer than this build reads (up to "
          + "\(current)); replay it with the build that recorded it")
    }
    guard version >= 1 else {
      throw RecordingFileError(path: path, reason: "has version \(version); versions start at 1")
    }
    guard let app else {
      throw RecordingFileError(path: path, reason: "has no `app`")
    }
    return (app, version)
  }

  /// The latest time a recording may name: a recording of a little over eleven days.
  public static let longestMilliseconds = 1_000_000_000.0

  /// Refuses times outside 0 through ``longestMilliseconds``, and times that go back from
  /// one step to the next or end a call before it starts.
  private static func check<State, Event, Call>(
    _ recording: Recording<State, Event, Call>, path: String
  ) throws(RecordingFileError) {
    func inRange(_ milliseconds: Double) -> Bool {
      milliseconds.isFinite && milliseconds >= 0 && milliseconds <= longestMilliseconds
    }
    let range = "a time from 0 to \(Int(longestMilliseconds)) ms"
    var previous = 0.0
    for (index, step) in recording.steps.enumerated() {
      let at = step.atMilliseconds
      guard inRange(at) else {
        throw RecordingFileError(
          path: path, location: "step \(index + 1)", reason: "at_ms \(at) is not \(range)")
      }
      guard at >= previous else {
        throw RecordingFileError(
          path: path, location: "step \(index + 1)",
          reason: "at_ms \(at) is before the step ahead of it (\(previous))")
      }
      previous = at
    }
    for (index, call) in recording.calls.enumerated() {
      let start = call.startedAtMilliseconds
      let end = call.endedAtMilliseconds
      guard inRange(start), inRange(end) else {
        throw RecordingFileError(
          path: path, location: "call \(index + 1)",
          reason: "started_at_ms \(start) or ended_at_ms \(end) is not \(range)")
      }
      guard end >= start else {
        throw RecordingFileError(
          path: path, location: "call \(index + 1)",
          reason: "it ends (\(end) ms) before it starts (\(start) ms)")
      }
    }
  }

  /// Where a decoding failure is (its coding path) and what it is, in a few words.
  static func fault(of error: DecodingError) -> ([any CodingKey], String) {
    switch error {
    case .typeMismatch(let type, let context):
      (context.codingPath, "expected \(Self.name(of: type))")
    case .valueNotFound(let type, let context):
      (context.codingPath, "expected \(Self.name(of: type)), found null")
    case .keyNotFound(let key, let context): (context.codingPath, "missing `\(key.stringValue)`")
    case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
    @unknown default: ([], "\(error)")
    }
  }

  /// A coding path as a field name: `state.results[2].title`.
  static func fieldName(_ codingPath: [any CodingKey]) -> String {
    codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
      .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }

  /// The error for a decoding failure of a version 1 file: the step or call it is in, the
  /// field path, the fault.
  static func error(_ error: DecodingError, path: String) -> RecordingFileError {
    var (codingPath, fault) = fault(of: error)
    var location: String?
    if codingPath.count >= 2, ["steps", "calls"].contains(codingPath[0].stringValue),
      let index = codingPath[1].intValue
    {
      location = "\(codingPath[0].stringValue == "steps" ? "step" : "call") \(index + 1)"
      codingPath.removeFirst(2)
    } else if codingPath.first?.stringValue == "initial_state" {
      location = "the initial state"
      codingPath.removeFirst()
    }
    let field = fieldName(codingPath)
    let reason = field.isEmpty ? fault : "\(field): \(fault)"
    if case .dataCorrupted = error, codingPath.isEmpty, location == nil {
      return RecordingFileError(path: path, reason: "is not JSON (\(fault))")
    }
    return RecordingFileError(path: path, location: location, reason: reason)
  }

  static func name(of type: Any.Type) -> String {
    let name = String(describing: type)
    return name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
  }

  static func reason(_ error: any Error) -> String {
    FileErrorReason.of(error)
  }
}
