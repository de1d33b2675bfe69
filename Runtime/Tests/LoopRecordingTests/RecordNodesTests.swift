import Foundation
import Testing

@testable import LoopRecording

/// The records' own parts are made as nodes directly; each must be the JSON its `Codable`
/// conformance writes, byte for byte, or files would change with the way they were made.
struct RecordNodesTests {
  /// The compact text `Codable` gives `value`, through the tree encoder.
  private static func codable(_ value: some Encodable) throws -> String {
    String(decoding: try NodeEncoding.encode(value).serialized(), as: UTF8.self)
  }

  private static func text(_ node: JSONNode) -> String {
    String(decoding: node.serialized(), as: UTF8.self)
  }

  /// Origins whose name needs escapes in JSON and in a pointer.
  static let origins: [RecordedOrigin] = [
    .user,
    .feedback(name: "loadPage", generation: 0),
    .feedback(name: #"a "quoted"/~name\ with é"#, generation: 12_345_678_901),
  ]

  @Test(arguments: origins)
  func anOriginIsWhatItsCodableConformanceWrites(_ origin: RecordedOrigin) throws {
    #expect(Self.text(origin.node) == (try Self.codable(origin)))
  }

  @Test(arguments: origins)
  func anEffectsStartAndEndAreWhatTheirCodableConformancesWrite(_ origin: RecordedOrigin)
    throws
  {
    let start = try RecordedEffect.startNode(origin: origin.node, atMilliseconds: 1.25)
    #expect(
      Self.text(start)
        == (try Self.codable(RecordedEffect(origin: origin, startedAtMilliseconds: 1.25))))
    for outcome in [RecordedEffect.Outcome.completed, .cancelled, .failed] {
      let end = try RecordedEffect.endNode(
        origin: origin.node, atMilliseconds: 3, outcome: outcome)
      #expect(
        Self.text(end)
          == (try Self.codable(
            EffectEnd(origin: origin, endedAtMilliseconds: 3, outcome: outcome))))
    }
  }

  @Test func aCallIsWhatItsCodableConformanceWritesWithAndWithoutItsOrigin() throws {
    for by in [nil] + Self.origins.map(Optional.some) {
      let call = RecordedCall(
        call: ["popular", "page 2"], by: by, startedAtMilliseconds: 0.5,
        endedAtMilliseconds: 1_700_000_000_000)
      let node = try call.node(call: try NodeEncoding.encode(call.call), by: by?.node)
      #expect(Self.text(node) == (try Self.codable(call)))
    }
  }

  @Test func anEndIsWhatItsCodableConformanceWrites() throws {
    for reason in [RecordingEnd.Reason.finished, .failed, .interrupted, .terminated] {
      let end = RecordingEnd(reason: reason, atMilliseconds: 17.338)
      #expect(Self.text(try end.node) == (try Self.codable(end)))
    }
  }

  @Test func aTimeThatIsNoNumberIsRefused() {
    #expect(throws: EncodingError.self) {
      try RecordedEffect.startNode(origin: RecordedOrigin.user.node, atMilliseconds: .nan)
    }
  }

  /// The user's node is made once; an effect's is made once for its run of lines, and a
  /// different origin gets its own node, never the last one's.
  @Test func anOriginsNodeIsMadeOnceWhileItRepeats() {
    var nodes = OriginNodes()
    let load = RecordedOrigin.feedback(name: "load", generation: 1)
    let next = RecordedOrigin.feedback(name: "load", generation: 2)
    #expect(nodes.node(.user) === nodes.node(.user))
    let first = nodes.node(load)
    #expect(nodes.node(load) === first)
    let other = nodes.node(next)
    #expect(other !== first)
    #expect(Self.text(other) == Self.text(next.node))
    #expect(nodes.node(.user) === nodes.node(.user))
  }
}
