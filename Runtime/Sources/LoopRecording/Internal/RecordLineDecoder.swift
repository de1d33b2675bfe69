import Foundation

/// Reads a version 2 recording file (``RecordLineEncoder`` wrote it) into a ``Recording``.
///
/// Every complete line is read. A last line with no newline was cut short (the process was
/// killed while writing it): it is left out and the recording says it ended early there, as it
/// does when the file has no end record. Anything else wrong is a ``RecordingFileError`` naming
/// the line: text that is not JSON, a record of no known kind, a patch that does not apply, a
/// field that does not decode, a record after the end.
enum RecordLineDecoder<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
> {
  static func decode(_ data: Data, path: String) throws(RecordingFileError) -> Recording<
    State, Event, Call
  > {
    let bytes = [UInt8](data)
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      lines.append(bytes[start..<newline])
      start = newline + 1
    }
    var cutLine = start < bytes.count ? bytes[start...] : nil
    // A header with no newline after it: complete if it parses (RecordingFile found it so).
    if lines.isEmpty, let header = cutLine {
      lines.append(header)
      cutLine = nil
    }

    // The header; RecordingFile checked its format, version and app.
    let header = try parse(lines[0], line: 1, path: path)
    guard let app = header["app"]?.string else {
      throw RecordingFileError(path: path, location: "line 1", reason: "has no `app`")
    }
    var settings: [String: Int] = [:]
    if let node = header["settings"] {
      guard case .object(let members) = node.kind else {
        throw RecordingFileError(
          path: path, location: "line 1", reason: "settings: expected an object")
      }
      for (key, value) in members {
        guard case .number(let text) = value.kind, let number = Int(text) else {
          throw RecordingFileError(
            path: path, location: "line 1", reason: "settings.\(key): expected a whole number")
        }
        settings[key] = number
      }
    }
    guard let initialNode = header["initial_state"] else {
      throw RecordingFileError(path: path, location: "line 1", reason: "missing `initial_state`")
    }
    let initialState = try value(
      State.self, of: initialNode, field: "initial_state", at: "line 1", path: path)
    var recording = Recording<State, Event, Call>(
      app: app, settings: settings, initialState: initialState)

    var state = initialNode
    var running: [RecordedOrigin: [Int]] = [:]
    // Every line's record with its references put back, for later lines to refer to.
    var records: [JSONNode] = [header]
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      let place = "line \(number)"
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        records.append(.null)
        continue
      }
      if recording.end != nil {
        throw RecordingFileError(
          path: path, location: place, reason: "a record after the end record")
      }
      let record = try resolve(
        parse(line, line: number, path: path), in: records, line: number, path: path)
      records.append(record)
      guard case .object(let members) = record.kind, members.count == 1,
        let (kind, body) = members.first
      else {
        throw RecordingFileError(
          path: path, location: place,
          reason: "is not a record (an object with one of step, call, effect, effect_end, end)")
      }
      switch kind {
      case "step":
        let stepPlace = "step \(recording.steps.count + 1) (\(place))"
        if let whole = body["state"] {
          state = whole
        } else if let patch = body["patch"] {
          do {
            state = try JSONPatch.apply(patch, to: state)
          } catch {
            throw RecordingFileError(path: path, location: stepPlace, reason: error.description)
          }
        } else {
          throw RecordingFileError(
            path: path, location: stepPlace, reason: "missing `state` or `patch`")
        }
        recording.steps.append(
          RecordedStep(
            event: try value(
              Event.self, of: member(body, "event", stepPlace, path), field: "event", at: stepPlace,
              path: path),
            origin: try value(
              RecordedOrigin.self, of: member(body, "origin", stepPlace, path), field: "origin",
              at: stepPlace, path: path),
            atMilliseconds: try value(
              Double.self, of: member(body, "at_ms", stepPlace, path), field: "at_ms",
              at: stepPlace, path: path),
            state: try value(State.self, of: state, field: "state", at: stepPlace, path: path)))
      case "call":
        recording.calls.append(
          try value(RecordedCall<Call>.self, of: body, field: nil, at: place, path: path))
      case "effect":
        let effect = try value(RecordedEffect.self, of: body, field: nil, at: place, path: path)
        running[effect.origin, default: []].append(recording.effects.count)
        recording.effects.append(effect)
      case "effect_end":
        let end = try value(EffectEnd.self, of: body, field: nil, at: place, path: path)
        guard let index = running[end.origin]?.popLast() else {
          throw RecordingFileError(
            path: path, location: place,
            reason: "the end of an effect that did not start (\(end.origin))")
        }
        recording.effects[index].endedAtMilliseconds = end.endedAtMilliseconds
        recording.effects[index].outcome = end.outcome
      case "end":
        recording.end = try value(RecordingEnd.self, of: body, field: nil, at: place, path: path)
      default:
        throw RecordingFileError(
          path: path, location: place, reason: "a record of unknown kind `\(kind)`")
      }
    }
    if recording.end == nil {
      recording.endedEarly =
        cutLine != nil
        ? "line \(lines.count + 1) is cut short"
        : "after line \(lines.count), with no end record"
    }
    // Calls are written as they end; a recording lists them as they started.
    recording.calls = recording.calls.inStartOrder()
    return recording
  }

  private static func parse(_ line: ArraySlice<UInt8>, line number: Int, path: String)
    throws(RecordingFileError)
    -> JSONNode
  {
    do {
      return try JSONNode.parse(line)
    } catch {
      throw RecordingFileError(
        path: path, location: "line \(number)", reason: "is not JSON (\(error))")
    }
  }

  /// `node` with every `{"$ref": "L/pointer"}` replaced by the value it names in line L's
  /// record (``ValueReferences``).
  private static func resolve(
    _ node: JSONNode, in records: [JSONNode], line: Int, path: String
  ) throws(RecordingFileError) -> JSONNode {
    switch node.kind {
    case .object(var members):
      if members.count == 1, let reference = members["$ref"]?.string {
        return try target(reference, in: records, line: line, path: path)
      }
      var changed = false
      for (key, member) in members {
        let resolved = try resolve(member, in: records, line: line, path: path)
        if resolved !== member {
          members[key] = resolved
          changed = true
        }
      }
      return changed ? JSONNode(.object(members)) : node
    case .array(var elements):
      var changed = false
      for (index, element) in elements.enumerated() {
        let resolved = try resolve(element, in: records, line: line, path: path)
        if resolved !== element {
          elements[index] = resolved
          changed = true
        }
      }
      return changed ? JSONNode(.array(elements)) : node
    default:
      return node
    }
  }

  /// The value a reference names: a line before this one, then a JSON Pointer into it.
  private static func target(
    _ reference: String, in records: [JSONNode], line: Int, path: String
  ) throws(RecordingFileError) -> JSONNode {
    let failure = RecordingFileError(
      path: path, location: "line \(line)",
      reason: "`$ref` \"\(reference)\" names no value of an earlier line")
    let slash = reference.firstIndex(of: "/") ?? reference.endIndex
    guard let number = Int(reference[..<slash]), number >= 1, number < line,
      number <= records.count, let tokens = JSONPatch.tokens(String(reference[slash...]))
    else { throw failure }
    var node = records[number - 1]
    for token in tokens {
      switch node.kind {
      case .object(let members):
        guard let member = members[token] else { throw failure }
        node = member
      case .array(let elements):
        guard let index = Int(token), elements.indices.contains(index) else { throw failure }
        node = elements[index]
      default:
        throw failure
      }
    }
    return node
  }

  private static func member(_ node: JSONNode, _ key: String, _ place: String, _ path: String)
    throws(RecordingFileError) -> JSONNode
  {
    guard let member = node[key] else {
      throw RecordingFileError(path: path, location: place, reason: "missing `\(key)`")
    }
    return member
  }

  /// The value of type `T` in `node`, or the error naming `field` and the path inside it.
  private static func value<T: Decodable>(
    _ type: T.Type, of node: JSONNode, field: String?, at place: String, path: String
  ) throws(RecordingFileError) -> T {
    do {
      return try NodeDecoding.decode(type, from: node)
    } catch let error as DecodingError {
      let (codingPath, fault) = RecordingFile.fault(of: error)
      let name = RecordingFile.fieldName(
        (field.map { [NodeKey(stringValue: $0)] } ?? []) + codingPath)
      throw RecordingFileError(
        path: path, location: place, reason: name.isEmpty ? fault : "\(name): \(fault)")
    } catch {
      throw RecordingFileError(path: path, location: place, reason: RecordingFile.reason(error))
    }
  }
}
