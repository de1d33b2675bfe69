/// The nodes of the records' own parts, made directly: the same JSON their `Codable`
/// conformances write, without an encoder, a container box and a node per value on the way.
///
/// Every line of a file has an origin, a time or an effect's record; only the app's values
/// (its state, events and calls) need `Codable`. `RecordNodesTests` checks each against the
/// conformance it stands in for.
extension RecordedOrigin {
  /// `{"user":{}}` or `{"feedback":{"generation":1,"name":"loadPage"}}`.
  var node: JSONNode {
    switch self {
    case .user:
      JSONNode(
        counted: .object(JSONMembers(sorted: [("user", JSONNode(counted: .object(JSONMembers())))]))
      )
    case .feedback(let name, let generation):
      JSONNode(
        counted: .object(
          JSONMembers(sorted: [
            (
              "feedback",
              JSONNode(
                counted: .object(
                  JSONMembers(sorted: [
                    ("generation", JSONNode(.number(String(generation)))),
                    ("name", JSONNode(.string(name))),
                  ])))
            )
          ])))
    }
  }
}

extension RecordedEffect {
  /// The `effect` record: `{"origin":...,"started_at_ms":...}`.
  static func startNode(origin: JSONNode, atMilliseconds: Double) throws -> JSONNode {
    JSONNode(
      counted: .object(
        JSONMembers(sorted: [
          ("origin", origin),
          ("started_at_ms", try NodeEncoding.number(atMilliseconds, at: .root)),
        ])))
  }

  /// The `effect_end` record: `{"ended_at_ms":...,"origin":...,"outcome":"completed"}`.
  static func endNode(origin: JSONNode, atMilliseconds: Double, outcome: Outcome) throws
    -> JSONNode
  {
    JSONNode(
      counted: .object(
        JSONMembers(sorted: [
          ("ended_at_ms", try NodeEncoding.number(atMilliseconds, at: .root)),
          ("origin", origin),
          ("outcome", JSONNode(.string(outcome.rawValue))),
        ])))
  }
}

extension RecordingEnd {
  /// The `end` record: `{"at_ms":...,"reason":"finished"}`.
  var node: JSONNode {
    get throws {
      JSONNode(
        counted: .object(
          JSONMembers(sorted: [
            ("at_ms", try NodeEncoding.number(atMilliseconds, at: .root)),
            ("reason", JSONNode(.string(reason.rawValue))),
          ])))
    }
  }
}

extension RecordedCall {
  /// The `call` record, `call` being the node of the app's call value and `by` of its
  /// origin: `{"by":...,"call":...,"ended_at_ms":...,"started_at_ms":...}`, `by` left out
  /// when `nil`.
  func node(call: JSONNode, by: JSONNode?) throws -> JSONNode {
    var members: [(key: String, value: JSONNode)] = []
    members.reserveCapacity(4)
    if let by { members.append(("by", by)) }
    members.append(("call", call))
    members.append(("ended_at_ms", try NodeEncoding.number(endedAtMilliseconds, at: .root)))
    members.append(("started_at_ms", try NodeEncoding.number(startedAtMilliseconds, at: .root)))
    return JSONNode(counted: .object(JSONMembers(sorted: members)))
  }
}

/// The nodes of the origins a file's lines name, made once where they repeat: the user's,
/// and the last effect's, which its events, calls and end name again.
struct OriginNodes {
  private var user: JSONNode?
  private var last: (origin: RecordedOrigin, node: JSONNode)?

  /// The node of `origin`.
  mutating func node(_ origin: RecordedOrigin) -> JSONNode {
    if case .user = origin {
      if let user { return user }
      let node = origin.node
      user = node
      return node
    }
    if let last, last.origin == origin { return last.node }
    let node = origin.node
    last = (origin, node)
    return node
  }
}
