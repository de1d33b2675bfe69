/// Writes a session as version 2 records, one JSON object per line (JSON Lines).
///
/// The first line is the header with the first state; then one record per step, call,
/// effect start and effect end, in the order they happened; the last line is the end record.
/// A step's state is the patch (RFC 6902) from the state before it, except at a keyframe,
/// which holds the whole state: after the patches since the last keyframe have grown as
/// large as that keyframe was, so a reader that must start over (a damaged record, a tool
/// that starts mid-session) never reads much more than it would have with whole states.
struct SessionLineEncoder<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
> {
  /// The state the next step's patch is taken from.
  private var state: JSONNode?
  /// The size of the last whole state written.
  private var keyframeBytes = 0
  /// The bytes of patches written since that whole state.
  private var patchBytes = 0

  /// The header line: format, version, app, settings and the first state.
  mutating func header(app: String, settings: [String: Int], initialState: State) throws -> [UInt8]
  {
    let initial = try NodeEncoding.encode(initialState)
    state = initial
    let header = JSONNode(
      .object([
        "format": JSONNode(.string(SessionFile.format)),
        "version": JSONNode(.number("2")),
        "app": JSONNode(.string(app)),
        "settings": JSONNode(.object(settings.mapValues { JSONNode(.number(String($0))) })),
        "initial_state": initial,
      ]))
    var bytes = header.serialized()
    keyframeBytes = bytes.count
    bytes.append(0x0A)
    return bytes
  }

  /// The line of one step: the event, who sent it, when, and the state as a patch or whole.
  mutating func step(event: Event, origin: SessionOrigin, atMilliseconds: Double, state: State)
    throws -> [UInt8]
  {
    let node = try NodeEncoding.encode(state, reusing: self.state)
    var members = [
      "event": try NodeEncoding.encode(event),
      "origin": try NodeEncoding.encode(origin),
      "at_ms": try NodeEncoding.number(atMilliseconds, codingPath: []),
    ]
    var patch: JSONNode?
    var patchSize = 0
    if let previous = self.state {
      let operations = JSONNode(.array(JSONPatch.diff(from: previous, to: node).map(\.node)))
      patch = operations
      patchSize = operations.serialized().count
    }
    if let patch, patchBytes + patchSize <= keyframeBytes {
      patchBytes += patchSize
      members["patch"] = patch
    } else {
      keyframeBytes = node.serialized().count
      patchBytes = 0
      members["state"] = node
    }
    self.state = node
    var bytes: [UInt8] = []
    JSONNode(.object(["step": JSONNode(.object(members))])).write(to: &bytes)
    bytes.append(0x0A)
    return bytes
  }

  /// The line of one finished dependency call.
  func call(_ call: SessionCall<Call>) throws -> [UInt8] {
    try Self.record("call", call)
  }

  /// The line of an effect that started.
  func effectStarted(_ origin: SessionOrigin, atMilliseconds: Double) throws -> [UInt8] {
    try Self.record(
      "effect", SessionEffect(origin: origin, startedAtMilliseconds: atMilliseconds))
  }

  /// The line of an effect that ended.
  func effectEnded(
    _ origin: SessionOrigin, atMilliseconds: Double, outcome: SessionEffect.Outcome
  ) throws -> [UInt8] {
    try Self.record(
      "effect_end", EffectEnd(origin: origin, endedAtMilliseconds: atMilliseconds, outcome: outcome)
    )
  }

  /// The last line: how and when the recording ended.
  func end(_ end: SessionEnd) throws -> [UInt8] {
    try Self.record("end", end)
  }

  private static func record<T: Encodable>(_ kind: String, _ value: T) throws -> [UInt8] {
    var bytes = JSONNode(.object([kind: try NodeEncoding.encode(value)])).serialized()
    bytes.append(0x0A)
    return bytes
  }
}

/// The `effect_end` record: which effect, when, and how it ended.
struct EffectEnd: Codable {
  var origin: SessionOrigin
  var endedAtMilliseconds: Double
  var outcome: SessionEffect.Outcome

  private enum CodingKeys: String, CodingKey {
    case origin, outcome
    case endedAtMilliseconds = "ended_at_ms"
  }
}
