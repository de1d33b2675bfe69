import Foundation

/// One malformed body made from a well-formed one, named so a failure can be found again.
///
/// ``cases(from:count:seed:)`` cycles through every ``Kind`` over the given bodies, drawing
/// positions and values from a ``SeededGenerator``: the same seed gives the same bodies.
///
/// ```swift
/// let cases = try PayloadMutation.cases(from: [("page", body)], count: 1_000, seed: 7)
/// cases[12].body  // the 13th malformed body, the same on every run
/// ```
public struct PayloadMutation: Sendable, CustomStringConvertible {
  /// How a body is broken.
  public enum Kind: String, CaseIterable, Sendable {
    /// The first n bytes, for a random n shorter than the body.
    case truncated
    /// A random value as another type: number and string swap, array and object swap.
    case typeSwapped
    /// A random value replaced by `null`.
    case nulled
    /// A random member or element removed.
    case removed
    /// A random number (or any value) replaced by a number no decoder can hold exactly.
    case hugeNumber
    /// A random string (or any value) replaced by an edge-case string.
    case oddString
    /// 10,000 levels of arrays or objects, whole or at a random value, some unbalanced.
    case deeplyNested
    /// Invalid UTF-8 bytes inserted at a random place.
    case invalidUTF8
    /// One to four random bytes flipped.
    case flippedBytes
    /// An empty body, whitespace, or a lone scalar.
    case emptyOrScalar
  }

  /// The case's place in the sequence.
  public let index: Int
  /// How the body was broken.
  public let kind: Kind
  /// The name of the well-formed body it was made from.
  public let base: String
  /// The malformed bytes.
  public var body: Data

  /// The case in one line: index, kind, base and size.
  public var description: String { "#\(index) \(kind.rawValue) of \(base) (\(body.count) bytes)" }

  static let hugeNumbers = [
    "1e400", "-1e400", "99999999999999999999999", "-99999999999999999999999", "-0", "1e-400",
    "9223372036854775808", "-9223372036854775809", "0.00000000000000000000000000001",
    "123456789012345678901234567890.5", "1E+999999", "4.9e-324",
  ]

  static let oddStrings = [
    "", " ", "0000-00-00", "2026-02-30", "2026-13-01", "99999999999999999999-01-01",
    "-2026-01-01", "2026-1-1", "9999-12-31", "\u{0}", "é", "👩‍👩‍👧‍👦", "\u{202E}abc",
    String(repeating: "x", count: 100_000), String(repeating: "ß", count: 10_000),
  ]

  static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
    [0xFE, 0xFF], [0xC3],
  ]

  static let depth = 10_000

  /// `count` cases cycling through every kind, each from a random body of `bases`.
  ///
  /// - Parameters:
  ///   - bases: Well-formed JSON bodies, each with a name.
  ///   - count: How many cases to make.
  ///   - seed: The generator's seed.
  /// - Returns: The cases, in order.
  /// - Throws: When a base is not JSON.
  public static func cases(
    from bases: [(name: String, data: Data)], count: Int, seed: UInt64
  ) throws -> [PayloadMutation] {
    var generator = SeededGenerator(seed: seed)
    // Each base's paths are listed once: listing them is the costly part of a mutation.
    let trees = try bases.map { base in
      Tree(value: try JSONDecoder().decode(JSONValue.self, from: base.data))
    }
    return (0..<count).map { index in
      let kind = Kind.allCases[index % Kind.allCases.count]
      let which = Int.random(in: bases.indices, using: &generator)
      let body = mutate(bases[which].data, trees[which], kind, &generator)
      return PayloadMutation(index: index, kind: kind, base: bases[which].name, body: body)
    }
  }

  /// A base body's tree, with its paths (every value's, then the numbers' and the strings').
  private struct Tree {
    let value: JSONValue
    let paths: [[JSONValue.Step]]
    let numbers: [[JSONValue.Step]]
    let strings: [[JSONValue.Step]]

    init(value: JSONValue) {
      self.value = value
      paths = value.paths
      numbers = paths.filter { if case .number? = value.value(at: $0) { true } else { false } }
      strings = paths.filter { if case .string? = value.value(at: $0) { true } else { false } }
    }
  }

  private static func mutate(
    _ data: Data, _ base: Tree, _ kind: Kind, _ generator: inout SeededGenerator
  ) -> Data {
    let tree = base.value
    let paths = base.paths
    let path = paths[Int.random(in: paths.indices, using: &generator)]
    func replaced(with value: JSONValue?) -> Data {
      Data((tree.replacing(path, with: value) ?? .null).text.utf8)
    }
    switch kind {
    case .truncated:
      return data.prefix(Int.random(in: 0..<data.count, using: &generator))
    case .typeSwapped:
      return replaced(with: tree.value(at: path)?.swappedType)
    case .nulled:
      return replaced(with: .null)
    case .removed:
      return replaced(with: nil)
    case .hugeNumber:
      let target = base.numbers.randomElement(using: &generator) ?? path
      let number = JSONValue.number(hugeNumbers.randomElement(using: &generator) ?? "1e400")
      return Data((tree.replacing(target, with: number) ?? .null).text.utf8)
    case .oddString:
      let target = base.strings.randomElement(using: &generator) ?? path
      let string = JSONValue.string(oddStrings.randomElement(using: &generator) ?? "")
      return Data((tree.replacing(target, with: string) ?? .null).text.utf8)
    case .deeplyNested:
      let (open, close) = Bool.random(using: &generator) ? ("[", "]") : ("{\"a\":", "}")
      let closing = Int.random(in: 0...3, using: &generator) == 0 ? depth - 1 : depth
      let deep =
        String(repeating: open, count: depth) + (open == "[" ? "" : "0")
        + String(repeating: close, count: closing)
      let marker = "\"deep-marker-\(generator.next())\""
      guard Bool.random(using: &generator), !path.isEmpty else { return Data(deep.utf8) }
      let text = (tree.replacing(path, with: .number(marker)) ?? .null).text
      return Data(text.replacingOccurrences(of: marker, with: deep).utf8)
    case .invalidUTF8:
      var bytes = data
      let at = Int.random(in: 0...bytes.count, using: &generator)
      bytes.insert(contentsOf: invalidUTF8.randomElement(using: &generator) ?? [0xFF], at: at)
      return bytes
    case .flippedBytes:
      var bytes = data
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        let at = Int.random(in: bytes.indices, using: &generator)
        bytes[at] ^= UInt8.random(in: 1...UInt8.max, using: &generator)
      }
      return bytes
    case .emptyOrScalar:
      let bodies = ["", " ", "\n\t\r ", "null", "0", "\"\"", "[]", "{}", "true", "-", "\u{FEFF}"]
      return Data((bodies.randomElement(using: &generator) ?? "").utf8)
    }
  }
}
