import Foundation
import TestSupport
import Testing

@testable import LoopRecording

/// The version 2 file's own JSON: the tree coders agree with Foundation's, and a patch made
/// between any two values turns the first into the second.
struct StateCodecTests {
  private struct Movie: Codable, Hashable {
    var id: Int
    var title: String
    var rating: Double?
    var released: Date?
  }

  private enum Status: Codable, Hashable {
    case idle
    case loading(page: Int)
    case failed(String)
  }

  private struct Screen: Codable, Hashable {
    var movies: [Movie]
    var status: Status
    var seen: Set<Int>
    var byTitle: [String: Int]
    var poster: URL?
    var thumbnail: Data
    var flags: [Bool]
    var big: UInt64
    var small: Int8
    /// Read through the generic path, where an empty cache once read as a cached nil.
    var temperatures: [Double?]
  }

  /// Readings a sensor took, `nil` where it missed one: an array the type reads itself,
  /// asking of each element whether it is null (`decodeIfPresent`, which asks `decodeNil`).
  private struct Readings: Codable, Hashable {
    var values: [Int?]

    init(_ values: [Int?]) {
      self.values = values
    }

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      values = []
      while !container.isAtEnd {
        values.append(try container.decodeIfPresent(Int.self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for value in values {
        if let value { try container.encode(value) } else { try container.encodeNil() }
      }
    }
  }

  private static let screen = Screen(
    movies: [
      Movie(id: 1, title: "Ironvale \"2\" / the \\ line\nbreak\u{1}", rating: 7.7, released: nil),
      Movie(
        id: 2, title: "Émile — ☃ 🎬", rating: nil,
        released: Date(timeIntervalSinceReferenceDate: 1.5)),
      Movie(id: 3, title: "", rating: 0.1, released: Date(timeIntervalSinceReferenceDate: -20)),
    ],
    status: .loading(page: 2), seen: [1, 2], byTitle: ["a/b": 1, "~x": 2],
    poster: URL(string: "https://image.tmdb.org/t/p/w500/a.jpg"),
    thumbnail: Data([0, 1, 254, 255]),
    flags: [true, false], big: UInt64.max, small: -128, temperatures: [11.2, nil, -3])

  @Test func theTreeCodersAgreeWithFoundationBothWays() throws {
    let ours = try NodeEncoding.encode(Self.screen).serialized()
    #expect(try JSONDecoder().decode(Screen.self, from: Data(ours)) == Self.screen)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let theirs = try encoder.encode(Self.screen)
    let parsed = try JSONNode.parse(ArraySlice(theirs))
    #expect(try NodeDecoding.decode(Screen.self, from: parsed) == Self.screen)
    #expect(parsed.isSameJSON(as: try JSONNode.parse(ArraySlice(ours))))
  }

  /// A type that reads its own array element by element, nulls included, reads from the
  /// tree what it reads from Foundation's JSON: every element once, in order.
  @Test func aTypeReadingTheNullsOfItsOwnArrayDecodesAsWithFoundation() throws {
    let readings = Readings([nil, 20, nil, -3])
    let text = try JSONEncoder().encode(readings)
    #expect(try JSONDecoder().decode(Readings.self, from: text) == readings)
    let node = try JSONNode.parse(ArraySlice(text))
    #expect(try NodeDecoding.decode(Readings.self, from: node) == readings)
  }

  @Test func anUnchangedFieldIsTheSameNodeAndDecodesToTheSameValue() throws {
    let before = try NodeEncoding.encode(Self.screen, remembering: true)
    var next = Self.screen
    next.status = .idle
    let after = try NodeEncoding.encode(next, reusing: before, remembering: true)
    #expect(after["movies"] === before["movies"])
    #expect(after["status"] !== before["status"])
    let operations = JSONPatch.diff(from: before, to: after)
    // The enum's case changed: its old key goes, its new one comes; nothing else is written.
    #expect(operations.map { JSONPatch.pointer($0.path) } == ["/status/loading", "/status/idle"])
    let decoded = try NodeDecoding.decode(
      Screen.self, from: try JSONNode.parse(ArraySlice(after.serialized())))
    #expect(decoded == next)
  }

  @Test func anAppendedElementIsOneAddAtTheEnd() throws {
    let before = try NodeEncoding.encode(Self.screen, remembering: true)
    var next = Self.screen
    next.movies.append(Movie(id: 4, title: "Saltwater Kings", rating: 5.5, released: nil))
    let after = try NodeEncoding.encode(next, reusing: before, remembering: true)
    let operations = JSONPatch.diff(from: before, to: after)
    #expect(operations.map { "\($0.kind) \(JSONPatch.pointer($0.path))" } == ["add /movies/-"])
    let patch = JSONNode(.array(operations.map(\.node)))
    let applied = try JSONPatch.apply(
      try JSONNode.parse(ArraySlice(patch.serialized())), to: before)
    #expect(try NodeDecoding.decode(Screen.self, from: applied) == next)
  }

  /// The law a recording rests on: for any two values, the first with the patch between
  /// them applied is the second, also after the patch is written and read back.
  @Test func aPatchTurnsAnyValueIntoAnyOther() throws {
    var random = SeededGenerator(seed: 27)
    for round in 0..<600 {
      let old = Self.randomJSON(&random, depth: 0)
      let new =
        random.next() % 3 == 0 ? Self.mutated(old, &random) : Self.randomJSON(&random, depth: 0)
      let patch = JSONNode(.array(JSONPatch.diff(from: old, to: new).map(\.node)))
      let read = try JSONNode.parse(ArraySlice(patch.serialized()))
      let applied = try JSONPatch.apply(read, to: old)
      #expect(
        applied.isSameJSON(as: new),
        "round \(round): \(String(decoding: patch.serialized(), as: UTF8.self))")
      #expect(try JSONNode.parse(ArraySlice(new.serialized())).isSameJSON(as: new))
    }
  }

  @Test(arguments: [
    (
      String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
      "nested deeper than 256 levels"
    ),
    (#""\ud800""#, "a lone surrogate"),
    ("\"a\u{1}\"", "a control character in a string"),
    ("{\"a\":1} x", "text after the value"),
    ("[1,]", "unexpected character"),
    ("01", "text after the value"),
    ("{\"a\" 1}", "expected ':'"),
    ("\"abc", "cut short"),
  ])
  func textThatIsNotJSONIsRefusedSayingWhy(text: String, reason: String) {
    do {
      _ = try JSONNode.parse(ArraySlice(Array(text.utf8)))
      Issue.record("\(text.prefix(20)) parsed")
    } catch {
      #expect(error.reason == reason)
    }
  }

  // MARK: Random JSON

  private static func randomJSON(_ random: inout SeededGenerator, depth: Int) -> JSONNode {
    switch random.next() % (depth > 3 ? 4 : 6) {
    case 0: return .null
    case 1: return JSONNode(.bool(random.next() % 2 == 0))
    case 2: return JSONNode(.number(String(Int(random.next() % 2000) - 1000)))
    case 3: return JSONNode(.string(["", "a", "a/b", "~1", "é", "\n"][Int(random.next() % 6)]))
    case 4:
      return JSONNode(
        .array((0..<Int(random.next() % 5)).map { _ in randomJSON(&random, depth: depth + 1) }))
    default:
      var members = JSONMembers()
      for _ in 0..<Int(random.next() % 5) {
        members[["a", "b", "c/d", "~", "e~1"][Int(random.next() % 5)]] = randomJSON(
          &random, depth: depth + 1)
      }
      return JSONNode(.object(members))
    }
  }

  /// `node` with one part changed, added or removed, sharing the rest.
  private static func mutated(_ node: JSONNode, _ random: inout SeededGenerator) -> JSONNode {
    switch node.kind {
    case .array(var elements):
      if !elements.isEmpty, random.next() % 2 == 0 {
        let index = Int(random.next() % UInt64(elements.count))
        elements[index] = mutated(elements[index], &random)
      } else if random.next() % 2 == 0 {
        elements.append(randomJSON(&random, depth: 2))
      } else if !elements.isEmpty {
        elements.removeLast()
      }
      return JSONNode(.array(elements))
    case .object(var members):
      if let key = members.keys.sorted().first, random.next() % 2 == 0 {
        members[key] = mutated(members[key] ?? .null, &random)
      } else {
        members["new"] = randomJSON(&random, depth: 2)
      }
      return JSONNode(.object(members))
    default:
      return randomJSON(&random, depth: 3)
    }
  }
}
