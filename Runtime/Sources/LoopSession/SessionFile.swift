import Foundation

/// Reads and writes session files: JSON, keys sorted, one field per line, so that two
/// recordings of the same run are the same bytes and a diff of two sessions reads well.
///
/// Reading checks, in order: the text is JSON, it is a session (`format`), of a version this
/// build reads, of the app asked for, and every field decodes; then that times never go
/// back. Each refusal is one ``SessionFileError`` naming the file, the step and the fault.
public enum SessionFile {
  /// The fields every version has, read first so a foreign or newer file is refused by name.
  private struct Header: Decodable {
    let format: String?
    let version: Int?
    let app: String?
  }

  /// Reads the session of `app` in the file at `path`.
  ///
  /// - Parameters:
  ///   - type: The session type of the app.
  ///   - path: The file.
  ///   - app: The app the session must be of.
  /// - Returns: The session.
  /// - Throws: ``SessionFileError`` for an unreadable file or any fault ``decode(_:from:path:app:)`` finds.
  public static func read<State, Event, Call>(
    _ type: Session<State, Event, Call>.Type, from path: String, app: String
  ) throws(SessionFileError) -> Session<State, Event, Call> {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw SessionFileError(path: path, reason: "cannot be read (\(Self.reason(error)))")
    }
    return try decode(type, from: data, path: path, app: app)
  }

  /// The app a session file says it is of, without decoding the rest.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for errors.
  /// - Returns: The `app` field.
  /// - Throws: ``SessionFileError`` when the bytes are not a session of a version this build reads.
  public static func app(of data: Data, path: String) throws(SessionFileError) -> String {
    try header(of: data, path: path)
  }

  /// Decodes the session of `app` from a file's bytes.
  ///
  /// - Parameters:
  ///   - type: The session type of the app.
  ///   - data: The bytes.
  ///   - path: The file's name, for errors.
  ///   - app: The app the session must be of.
  /// - Returns: The session.
  /// - Throws: ``SessionFileError`` for invalid JSON, another format, version or app, a field
  ///   that does not decode, or times that go back.
  public static func decode<State, Event, Call>(
    _ type: Session<State, Event, Call>.Type, from data: Data, path: String, app: String
  ) throws(SessionFileError) -> Session<State, Event, Call> {
    let found = try header(of: data, path: path)
    guard found == app else {
      throw SessionFileError(path: path, reason: "is a session of \(found), not of \(app)")
    }
    let session: Session<State, Event, Call>
    do {
      session = try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw Self.error(error, path: path)
    } catch {
      throw SessionFileError(path: path, reason: Self.reason(error))
    }
    try check(session, path: path)
    return session
  }

  /// The bytes of `session`: pretty-printed JSON with sorted keys and a final newline.
  ///
  /// - Parameter session: The session.
  /// - Returns: The bytes.
  public static func encode<State, Event, Call>(_ session: Session<State, Event, Call>) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every value of a session is a Codable value type of the app's; encoding cannot fail
    // but for a non-finite Double, which no clock reading or payload of ours holds.
    guard var data = try? encoder.encode(session) else {
      preconditionFailure("a session failed to encode")
    }
    data.append(0x0A)
    return data
  }

  /// Writes `session` to `path`, replacing the file atomically.
  ///
  /// - Parameters:
  ///   - session: The session.
  ///   - path: The file.
  /// - Throws: ``SessionFileError`` when the file cannot be written (a missing folder, a
  ///   full disk).
  public static func write<State, Event, Call>(
    _ session: Session<State, Event, Call>, to path: String
  ) throws(SessionFileError) {
    do {
      try encode(session).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw SessionFileError(path: path, reason: "cannot be written (\(Self.reason(error)))")
    }
  }

  private static func header(of data: Data, path: String) throws(SessionFileError) -> String {
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      if (try? JSONSerialization.jsonObject(with: data)) == nil {
        throw SessionFileError(path: path, reason: "is not JSON (cut short, or not a session file)")
      }
      throw SessionFileError(path: path, reason: "is not a session file (no `format`)")
    }
    guard header.format == "loop-session" else {
      throw SessionFileError(
        path: path, reason: "is not a session file (its `format` is not \"loop-session\")")
    }
    guard let version = header.version else {
      throw SessionFileError(path: path, reason: "has no `version`")
    }
    let current = Session<Int, Int, Int>.currentVersion
    guard version <= current else {
      throw SessionFileError(
        path: path,
        reason: "is a version \(version) session, newer than this build reads (up to "
          + "\(current)); replay it with the build that recorded it")
    }
    guard version >= 1 else {
      throw SessionFileError(path: path, reason: "has version \(version); versions start at 1")
    }
    guard let app = header.app else {
      throw SessionFileError(path: path, reason: "has no `app`")
    }
    return app
  }

  /// The latest time a session may name: a recording of a little over eleven days.
  public static let longestMilliseconds = 1_000_000_000.0

  /// Refuses times outside 0 through ``longestMilliseconds``, and times that go back from
  /// one step to the next or end a call before it starts.
  private static func check<State, Event, Call>(
    _ session: Session<State, Event, Call>, path: String
  ) throws(SessionFileError) {
    func inRange(_ milliseconds: Double) -> Bool {
      milliseconds.isFinite && milliseconds >= 0 && milliseconds <= longestMilliseconds
    }
    let range = "a time from 0 to \(Int(longestMilliseconds)) ms"
    var previous = 0.0
    for (index, step) in session.steps.enumerated() {
      let at = step.atMilliseconds
      guard inRange(at) else {
        throw SessionFileError(
          path: path, location: "step \(index + 1)", reason: "at_ms \(at) is not \(range)")
      }
      guard at >= previous else {
        throw SessionFileError(
          path: path, location: "step \(index + 1)",
          reason: "at_ms \(at) is before the step ahead of it (\(previous))")
      }
      previous = at
    }
    for (index, call) in session.calls.enumerated() {
      let start = call.startedAtMilliseconds
      let end = call.endedAtMilliseconds
      guard inRange(start), inRange(end) else {
        throw SessionFileError(
          path: path, location: "call \(index + 1)",
          reason: "started_at_ms \(start) or ended_at_ms \(end) is not \(range)")
      }
      guard end >= start else {
        throw SessionFileError(
          path: path, location: "call \(index + 1)",
          reason: "it ends (\(end) ms) before it starts (\(start) ms)")
      }
    }
  }

  /// The error for a decoding failure: the step or call it is in, the field path, the fault.
  static func error(_ error: DecodingError, path: String) -> SessionFileError {
    let (context, fault): (DecodingError.Context, String) =
      switch error {
      case .typeMismatch(let type, let context): (context, "expected \(Self.name(of: type))")
      case .valueNotFound(let type, let context):
        (context, "expected \(Self.name(of: type)), found null")
      case .keyNotFound(let key, let context): (context, "missing `\(key.stringValue)`")
      case .dataCorrupted(let context): (context, context.debugDescription)
      @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
      }
    var keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
    var location: String?
    if keys.count >= 2, ["steps", "calls"].contains(keys[0]),
      let index = context.codingPath[1].intValue
    {
      location = "\(keys[0] == "steps" ? "step" : "call") \(index + 1)"
      keys.removeFirst(2)
    } else if keys.first == "initial_state" {
      location = "the initial state"
      keys.removeFirst()
    }
    let field = keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    let reason = field.isEmpty ? fault : "\(field): \(fault)"
    if case .dataCorrupted = error, context.codingPath.isEmpty {
      return SessionFileError(path: path, reason: "is not JSON (\(fault))")
    }
    return SessionFileError(path: path, location: location, reason: reason)
  }

  private static func name(of type: Any.Type) -> String {
    let name = String(describing: type)
    return name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
  }

  private static func reason(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }
}
