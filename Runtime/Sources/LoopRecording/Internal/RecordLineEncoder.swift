/// Writes a recording as version 2 records, one JSON object per line (JSON Lines).
///
/// The first line is the header with the first state; then one record per step, call,
/// effect start and effect end, in the order they happened; the last line is the end record.
/// A step's state is the patch (RFC 6902) from the state before it, except at a keyframe,
/// which holds the whole state: after the patches since the last keyframe have grown as
/// large as that keyframe was, so a reader that must start over (a damaged record, a tool
/// that starts mid-recording) never reads much more than it would have with whole states.
/// A large value an earlier line holds is written as a reference to it (``ValueReferences``).
struct RecordLineEncoder<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
> {
  /// The state the next step's patch is taken from.
  private var state: JSONNode?
  /// The size of the last whole state written.
  private var keyframeBytes = 0
  /// The bytes of patches written since that whole state.
  private var patchBytes = 0
  /// What has been written, for references to it.
  private var references = ValueReferences()
  /// The last value of each type in the records, for an event that carries a call's answer.
  private let recent = RecentValues()
  /// The nodes of origins written last.
  private var origins = OriginNodes()

  /// The header line: format, version, app, settings and the first state.
  mutating func header(app: String, settings: [String: Int], initialState: State) throws -> [UInt8]
  {
    let initial = try NodeEncoding.encode(initialState, remembering: true)
    state = initial
    let numbers = settings.map { (key: $0.key, value: JSONNode(.number(String($0.value)))) }
    let header = JSONNode(
      .object([
        "format": JSONNode(.string(RecordingFile.format)),
        "version": JSONNode(.number("2")),
        "app": JSONNode(.string(app)),
        "settings": JSONNode(.object(JSONMembers(numbers))),
        "initial_state": initial,
      ]))
    keyframeBytes = initial.textCount
    return references.line(header, except: [])
  }

  /// The line of one step: the event, who sent it, when, and the state as a patch or whole.
  mutating func step(event: Event, origin: RecordedOrigin, atMilliseconds: Double, state: State)
    throws -> [UInt8]
  {
    let node = try NodeEncoding.encode(state, reusing: self.state, remembering: true)
    let time = try NodeEncoding.number(atMilliseconds, at: .root)
    let eventNode = try NodeEncoding.encode(event, recent: recent)
    let originNode = origins.node(origin)
    // The step's members in key order: at_ms, event, origin, then patch or state.
    func record(_ last: (key: String, value: JSONNode)) -> JSONNode {
      let body = JSONMembers(sorted: [
        ("at_ms", time), ("event", eventNode), ("origin", originNode), last,
      ])
      return JSONNode(
        counted: .object(JSONMembers(sorted: [("step", JSONNode(counted: .object(body)))])))
    }
    let previous = self.state
    self.state = node
    if let previous {
      let patch = JSONNode(counted: .array(JSONPatch.diff(from: previous, to: node).map(\.node)))
      let draft = references.draft(record(("patch", patch)), measuring: ["step", "patch"])
      if patchBytes + draft.measured <= keyframeBytes {
        patchBytes += draft.measured
        return references.take(draft)
      }
    }
    // A keyframe: the whole state, which a reader can take without the lines before it.
    keyframeBytes = node.textCount
    patchBytes = 0
    return references.line(
      record(("state", node)), except: ["step", "state"], notingExcepted: false)
  }

  /// The line of one finished dependency call.
  mutating func call(_ call: RecordedCall<Call>) throws -> [UInt8] {
    let by = call.by.map { origins.node($0) }
    return line(
      "call", try call.node(call: try NodeEncoding.encode(call.call, recent: recent), by: by))
  }

  /// The line of an effect that started.
  mutating func effectStarted(_ origin: RecordedOrigin, atMilliseconds: Double) throws -> [UInt8] {
    line(
      "effect",
      try RecordedEffect.startNode(origin: origins.node(origin), atMilliseconds: atMilliseconds))
  }

  /// The line of an effect that ended.
  mutating func effectEnded(
    _ origin: RecordedOrigin, atMilliseconds: Double, outcome: RecordedEffect.Outcome
  ) throws -> [UInt8] {
    line(
      "effect_end",
      try RecordedEffect.endNode(
        origin: origins.node(origin), atMilliseconds: atMilliseconds, outcome: outcome))
  }

  /// The last line: how and when the recording ended.
  mutating func end(_ end: RecordingEnd) throws -> [UInt8] {
    line("end", try end.node)
  }

  /// The line of a record of `kind` whose body is `body`.
  private mutating func line(_ kind: String, _ body: JSONNode) -> [UInt8] {
    references.line(JSONNode(counted: .object(JSONMembers(sorted: [(kind, body)]))))
  }
}

/// The `effect_end` record: which effect, when, and how it ended.
struct EffectEnd: Codable {
  var origin: RecordedOrigin
  var endedAtMilliseconds: Double
  var outcome: RecordedEffect.Outcome

  private enum CodingKeys: String, CodingKey {
    case origin, outcome
    case endedAtMilliseconds = "ended_at_ms"
  }
}
