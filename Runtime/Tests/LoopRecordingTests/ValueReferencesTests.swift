import Foundation
import Testing

@testable import LoopRecording

/// Which large values a later line refers to, and that every reference reads back.
struct ValueReferencesTests {
  private typealias MapRecording = Recording<Int, [String: [String]], [String]>

  private static let path = "references.jsonl"
  /// A value large enough to be written once and referred to after.
  private static let answer = (1...12).map { "answer \($0) of the dependency" }
  private static let other = (1...12).map { "another answer, number \($0)" }

  /// The lines of `events`, each sent by the user, and the recording read back from them.
  private static func lines(_ events: [[String: [String]]]) throws -> (
    lines: [Substring], read: MapRecording
  ) {
    let recording = MapRecording(
      app: "map", initialState: 0,
      steps: events.enumerated().map { index, event in
        RecordedStep(event: event, origin: .user, atMilliseconds: Double(index), state: 0)
      })
    let data = RecordingFile.encode(recording)
    let read = try RecordingFile.decode(MapRecording.self, from: data, path: path, app: "map")
    #expect(read.steps.map(\.event) == events)
    return (String(decoding: data, as: UTF8.self).split(separator: "\n"), read)
  }

  /// An object that is mostly one large member (an enum case's wrapper, a page around its
  /// results) is not referred to as a whole: its large member is.
  @Test func aWrapperIsWrittenAroundAReferenceToItsMember() throws {
    let (lines, _) = try Self.lines([
      ["only": Self.answer],
      ["only": Self.answer],
      ["page": ["2"], "results": Self.answer],
    ])
    #expect(lines[2].contains(#""event":{"only":{"$ref":"2/step/event/only"}}"#), "\(lines[2])")
    #expect(
      lines[3].contains(#""event":{"page":["2"],"results":{"$ref":"2/step/event/only"}}"#),
      "\(lines[3])")
  }

  /// A value of 128 bytes is referred to when it repeats; one of 127 is written out again.
  ///
  /// docs/RECORDINGS.md: "An array or object of 128 bytes or more that an earlier line
  /// already holds is written as a reference to it".
  @Test func aValueIsReferredToFrom128BytesOn() throws {
    // Two brackets, three commas, eight quotes and 29 + 29 + 29 + 28 letters: 128 bytes.
    let bytes128 =
      ["a", "b", "c"].map { String(repeating: $0, count: 29) }
      + [String(repeating: "d", count: 28)]
    var bytes127 = bytes128
    bytes127[3].removeLast()
    #expect(try JSONEncoder().encode(bytes128).count == 128)
    #expect(try JSONEncoder().encode(bytes127).count == 127)
    let (lines, _) = try Self.lines([
      ["list": bytes128],
      ["list": bytes128],
      ["list": bytes127],
      ["list": bytes127],
    ])
    #expect(lines[2].contains(#""event":{"list":{"$ref":"2/step/event/list"}}"#), "\(lines[2])")
    #expect(!lines[4].contains("$ref"), "\(lines[4])")
    #expect(lines[4].contains(#""event":{"list":["#), "\(lines[4])")
  }

  /// An object of two large members is referred to as a whole when it repeats.
  @Test func aValueOfMoreThanOneLargeMemberIsReferredToWhole() throws {
    let (lines, _) = try Self.lines([
      ["first": Self.answer, "second": Self.other],
      ["first": Self.answer, "second": Self.other],
    ])
    #expect(lines[2].contains(#""event":{"$ref":"2/step/event"}"#), "\(lines[2])")
  }

  /// A reference's pointer escapes `~` and `/` (RFC 6901) and its text escapes what JSON
  /// does; the reader finds the value it names.
  @Test(arguments: ["a/b", "c~d", "quote \" and \\ back", "~1/~0", "é"])
  func aReferenceUnderAKeyThatNeedsEscapesReadsBack(_ key: String) throws {
    let (lines, read) = try Self.lines([
      [key: Self.answer, "other": Self.other],
      ["next": ["x"], "again": Self.answer],
    ])
    #expect(lines[2].contains(#"{"$ref":"#), "\(lines[2])")
    #expect(read.steps[1].event["again"] == Self.answer)
  }
}
