import Testing

@testable import LoopRecording

/// The tree encoder lets go of its encoders once a value is encoded, whether it succeeded.
struct NodeEncoderTests {
  /// Remembers a nested encoder, weakly.
  private final class Witness: @unchecked Sendable {
    weak var encoder: AnyObject?
  }

  /// Encodes its number through a nested encoder, the one the witness watches.
  private struct Leaf: Encodable {
    let witness: Witness
    let number: Double

    private enum Key: CodingKey {
      case value
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      let nested = container.superEncoder(forKey: .value)
      witness.encoder = nested as AnyObject
      var single = nested.singleValueContainer()
      try single.encode(number)
    }
  }

  private struct Branch: Encodable {
    let leaves: [String: [Leaf]]
  }

  @Test(arguments: [1.5, .infinity])
  func noEncoderOutlivesTheEncodingWhetherItSucceedsOrFails(_ number: Double) throws {
    let witness = Witness()
    let value = Branch(leaves: ["a": [Leaf(witness: witness, number: number)]])
    do {
      let node = try NodeEncoding.encode(value, remembering: true)
      #expect(
        String(decoding: node.serialized(), as: UTF8.self) == #"{"leaves":{"a":[{"value":1.5}]}}"#)
    } catch let EncodingError.invalidValue(_, context) {
      #expect(context.codingPath.map(\.stringValue) == ["leaves", "a", "0", "value"])
    }
    #expect(witness.encoder == nil)
  }
}
