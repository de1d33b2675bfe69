import Foundation
import LoopRecording
import Testing

/// A tiny counter app's state, to read and write without any app's types.
private struct Counter: Codable, Hashable, Sendable, ExpressibleByIntegerLiteral {
  var count: Int
  /// Text that makes the whole state larger than a patch, as an app's state is.
  var label = String(repeating: "a counter that counts ", count: 6)

  init(integerLiteral value: Int) {
    count = value
  }
}

/// A recording of the counter app.
private typealias CounterRecording = Recording<Counter, String, String>

/// A traffic light's state: read from its name, so a name it does not have is a value that
/// is not one of its cases rather than a value of the wrong type.
private enum Light: String, Codable, Hashable, Sendable {
  case red, green
}

struct RecordingFileTests {
  private static let path = "/tmp/counter-recording.json"

  private static func sample() -> CounterRecording {
    CounterRecording(
      app: "counter", initialState: 0,
      steps: [
        RecordedStep(event: "increment", origin: .user, atMilliseconds: 0, state: 1),
        RecordedStep(
          event: "loaded", origin: .feedback(name: "load", generation: 1), atMilliseconds: 12.5,
          state: 2),
      ],
      calls: [RecordedCall(call: "load", startedAtMilliseconds: 0.1, endedAtMilliseconds: 12.4)])
  }

  private static func text(_ recording: CounterRecording) -> String {
    String(decoding: RecordingFile.encode(recording), as: UTF8.self)
  }

  private static func decode(_ text: String) throws(RecordingFileError) -> CounterRecording {
    try RecordingFile.decode(
      CounterRecording.self, from: Data(text.utf8), path: path, app: "counter")
  }

  @Test func aWrittenRecordingReadsBackAndEncodesToTheSameBytes() throws {
    let text = Self.text(Self.sample())
    let read = try Self.decode(text)
    #expect(Self.text(read) == text)
    #expect(read.steps.map(\.origin) == [.user, .feedback(name: "load", generation: 1)])
    #expect(read.steps.map(\.state) == [1, 2])
    #expect(read.end == RecordingEnd(reason: .finished, atMilliseconds: 12.5))
    #expect(read.endedEarly == nil)
    // JSON Lines, keys sorted, numbers as numbers: the header, two steps, a call, the end.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 6 && lines[5].isEmpty)
    #expect(
      lines[0].hasPrefix(
        #"{"app":"counter","format":"loop-recording","initial_state":{"count":0,"label":"a counter"#
      ))
    #expect(lines[0].hasSuffix(#""settings":{},"version":2}"#))
    #expect(
      lines[1]
        == #"{"step":{"at_ms":0,"event":"increment","origin":{"user":{}},"patch":[{"op":"replace","path":"/count","value":1}]}}"#
    )
    #expect(lines[3].hasPrefix(#"{"call":{"call":"load","ended_at_ms":12.4,"started_at_ms":0.1}}"#))
    #expect(lines[4] == #"{"end":{"at_ms":12.5,"reason":"finished"}}"#)
  }

  @Test func settingsAreNumbersAndAVersion1FileStillReads() throws {
    var recording = Self.sample()
    recording.settings = ["debounce_ms": 300]
    #expect(
      Self.text(recording).hasPrefix(
        #"{"app":"counter","format":"loop-recording","initial_state":{"count":0,"#
      ))
    let version1 = String(decoding: RecordingFile.encodeVersion1(recording), as: UTF8.self)
    #expect(Self.text(recording).contains(#""settings":{"debounce_ms":300}"#))
    #expect(version1.contains("\"debounce_ms\" : \"300\""))
    #expect(version1.contains("\"version\" : 1"))
    let read = try Self.decode(version1)
    #expect(read.settings == ["debounce_ms": 300])
    #expect(read.steps.map(\.state) == [1, 2])
    #expect(read.calls.map(\.call) == ["load"])
    #expect(read.end == nil && read.endedEarly == nil)
  }

  @Test func aFileFromBeforeRecordingsWereNamedSoStillReads() throws {
    // Until 0.3 a recording was a "session", and its files said so in `format`.
    let current = Self.text(Self.sample())
    let former = current.replacing(#""format":"loop-recording""#, with: #""format":"loop-session""#)
    #expect(former != current)
    let read = try Self.decode(former)
    #expect(read.format == "loop-recording")
    #expect(Self.text(read) == current)
    let version1 = String(decoding: RecordingFile.encodeVersion1(Self.sample()), as: UTF8.self)
      .replacing(#""format" : "loop-recording""#, with: #""format" : "loop-session""#)
    #expect(version1.contains("loop-session"))
    #expect(try Self.decode(version1).steps.map(\.state) == [1, 2])
  }

  /// Every prefix of a file, as a process killed at that byte leaves it: the header cut is
  /// refused in one line; past it, the complete records read as the recording up to there.
  @Test func aFileCutAtEveryByteReadsItsCompleteRecordsOrIsRefused() throws {
    let bytes = Array(RecordingFile.encode(Self.sample()))
    let headerEnd = try #require(bytes.firstIndex(of: 0x0A))
    var cutShort = 0
    for length in 0..<bytes.count {
      let prefix = Data(bytes[0..<length])
      do {
        let read = try RecordingFile.decode(
          CounterRecording.self, from: prefix, path: Self.path, app: "counter")
        #expect(length >= headerEnd, "a cut header read, at \(length)")
        #expect(read.endedEarly != nil, "a cut file read as whole, at \(length)")
        #expect(read.steps.map(\.state) == Array([1, 2].prefix(read.steps.count)))
        let completeLines = bytes[0..<length].filter { $0 == 0x0A }.count
        if length > 0, bytes[length - 1] != 0x0A, completeLines > 0 {
          #expect(read.endedEarly == "line \(completeLines + 1) is cut short")
          cutShort += 1
        }
      } catch {
        #expect(length < headerEnd, "\(error) at \(length)")
        #expect(error.description.hasPrefix(Self.path + ": "))
      }
    }
    #expect(cutShort > 0)
    let whole = try Self.decode(Self.text(Self.sample()))
    #expect(whole.endedEarly == nil)
  }

  /// A call's answer sent on as an event is written once: the event's line refers to the
  /// call's, and the file reads back the same.
  @Test func aLargeValueWrittenBeforeIsAReferenceAndReadsBack() throws {
    typealias ListRecording = Recording<Counter, [String], [String]>
    let answer = (1...12).map { "answer \($0) of the dependency" }
    let recording = ListRecording(
      app: "counter", initialState: 0,
      steps: [
        RecordedStep(event: ["load"], origin: .user, atMilliseconds: 0, state: 0),
        RecordedStep(
          event: answer, origin: .feedback(name: "load", generation: 0), atMilliseconds: 2,
          state: 1),
      ],
      calls: [RecordedCall(call: answer, startedAtMilliseconds: 0.1, endedAtMilliseconds: 1)])
    // The steps are written before the calls here: the call refers to the event's line.
    let text = String(decoding: RecordingFile.encode(recording), as: UTF8.self)
    #expect(
      text.split(separator: "\n").filter { $0.contains("answer 7 of the dependency") }.count == 1)
    #expect(text.contains(#"{"call":{"call":{"$ref":"3/step/event"}"#))
    let read = try RecordingFile.decode(
      ListRecording.self, from: Data(text.utf8), path: Self.path, app: "counter")
    #expect(read.steps.map(\.event) == recording.steps.map(\.event))
    #expect(read.calls.map(\.call) == [answer])
    #expect(String(decoding: RecordingFile.encode(read), as: UTF8.self) == text)
  }

  /// A large value equal to one written before is a reference to it.
  ///
  /// One that differs in a single element is written out. Equal means as Swift compares: "é"
  /// as one scalar and as "e" with a combining accent are the same value, written as it was
  /// spelled first.
  @Test func aLargeValueIsAReferenceOnlyToAnEqualOne() throws {
    typealias ListRecording = Recording<Counter, [String], [String]>
    let composed = (1...12).map { "caf\u{E9} number \($0) on the list" }
    let decomposed = (1...12).map { "cafe\u{301} number \($0) on the list" }
    var lastDiffers = composed
    lastDiffers[11] += "!"
    let recording = ListRecording(
      app: "counter", initialState: 0,
      steps: [
        RecordedStep(event: composed, origin: .user, atMilliseconds: 0, state: 0),
        RecordedStep(event: lastDiffers, origin: .user, atMilliseconds: 1, state: 0),
        RecordedStep(event: decomposed, origin: .user, atMilliseconds: 2, state: 0),
        RecordedStep(event: composed, origin: .user, atMilliseconds: 3, state: 0),
      ])
    let text = String(decoding: RecordingFile.encode(recording), as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(!lines[2].contains("$ref"), "\(lines[2])")
    #expect(lines[3].contains(#"{"$ref":"2/step/event"}"#), "\(lines[3])")
    #expect(lines[4].contains(#"{"$ref":"2/step/event"}"#), "\(lines[4])")
    let read = try RecordingFile.decode(
      ListRecording.self, from: Data(text.utf8), path: Self.path, app: "counter")
    #expect(read.steps.map(\.event) == recording.steps.map(\.event))
    #expect(read.steps[1].event.last == "caf\u{E9} number 12 on the list!")
  }

  @Test func aReferenceToNothingIsRefusedWithItsLine() {
    let text = Self.text(Self.sample()).replacingOccurrences(
      of: #""event":"loaded""#, with: #""event":{"$ref":"9/step/event"}"#)
    do {
      _ = try Self.decode(text)
      Issue.record("a reference to a line that is not there read")
    } catch {
      #expect(
        error.description
          == Self.path + #": line 3: `$ref` "9/step/event" names no value of an earlier line"#)
    }
  }

  /// A reference names a line before its own (lines count from 1, the header's): one naming
  /// line 0, its own line or a later one is refused with its line, never read.
  @Test(arguments: ["0/step/event", "0", "3/step/event", "4/step/event"])
  func aReferenceToAnythingButAnEarlierLineIsRefused(_ reference: String) {
    let text = Self.text(Self.sample()).replacingOccurrences(
      of: #""event":"loaded""#, with: #""event":{"$ref":"\#(reference)"}"#)
    do {
      _ = try Self.decode(text)
      Issue.record("a reference to \(reference) read")
    } catch {
      #expect(
        error.description
          == Self.path + #": line 3: `$ref` "\#(reference)" names no value of an earlier line"#)
    }
  }

  /// A hand-edited patch that adds past the end of an array, or replaces or removes (or goes
  /// into) an element it does not have, does not apply: refused with its step, its operation
  /// and its path, as any other patch that does not apply, never read.
  @Test(arguments: [
    (#"{"op":"remove","path":"/3"}"#, "/3"),
    (#"{"op":"replace","path":"/3","value":"x"}"#, "/3"),
    (#"{"op":"add","path":"/4","value":"x"}"#, "/4"),
    (#"{"op":"remove","path":"/3/0"}"#, "/3/0"),
  ])
  func aPatchAtAnIndexAnArrayDoesNotHaveIsRefusedWithItsStep(operation: String, path: String) {
    let line = String(repeating: "a line of the list ", count: 3)
    let recording = Recording<[String], String, String>(
      app: "counter", initialState: [line + "1", line + "2", line + "3"],
      steps: [
        RecordedStep(
          event: "drop", origin: .user, atMilliseconds: 0, state: [line + "1", line + "2"])
      ])
    let text = String(decoding: RecordingFile.encode(recording), as: UTF8.self)
    let edited = text.replacingOccurrences(of: #"{"op":"remove","path":"/2"}"#, with: operation)
    #expect(edited != text)
    do {
      _ = try RecordingFile.decode(
        Recording<[String], String, String>.self, from: Data(edited.utf8), path: Self.path,
        app: "counter")
      Issue.record("\(operation) applied to an array of 3")
    } catch {
      #expect(
        error.description
          == Self.path + ": step 1 (line 2): patch operation 1: index out of range at \(path)")
    }
  }

  /// A keyframe's state holds no references, so its line reads alone: a step the same as an
  /// earlier keyframe's (its time, event, origin and state), written as a keyframe again, is
  /// written whole, the same line as that one, and reads back.
  @Test func aKeyframeThatRepeatsAnEarlierOneIsWrittenWhole() throws {
    var small = Counter(integerLiteral: 0)
    small.label = ""
    let large = Counter(integerLiteral: 1)
    let event = "the same event as before"
    let recording = CounterRecording(
      app: "counter", initialState: small,
      steps: [
        RecordedStep(event: event, origin: .user, atMilliseconds: 5, state: large),
        RecordedStep(event: event, origin: .user, atMilliseconds: 5, state: small),
        RecordedStep(event: event, origin: .user, atMilliseconds: 5, state: large),
      ])
    let text = Self.text(recording)
    let lines = text.split(separator: "\n")
    // The first and last steps are keyframes: each patch from the small state to the large
    // one is larger than the small state, and the two patches together larger than the
    // large state.
    #expect(lines[1].contains(#""state":{"#), "\(lines[1])")
    #expect(lines[3].contains(#""state":{"#), "\(lines[3])")
    #expect(!lines[3].contains("$ref"), "\(lines[3])")
    #expect(lines[3] == lines[1])
    let read = try Self.decode(text)
    #expect(read.steps.map(\.state) == recording.steps.map(\.state))
    #expect(read.steps.map(\.event) == recording.steps.map(\.event))
  }

  /// A step whose state equals the one before it, as Swift compares, changed nothing: its
  /// patch is empty, though the equal state is spelled otherwise ("é" as one scalar, then as
  /// "e" with a combining accent), and the state reads back as first written.
  @Test func aStepWhoseStateEqualsTheOneBeforeHasAnEmptyPatch() throws {
    var composed = Counter(integerLiteral: 1)
    composed.label = "caf\u{E9}"
    var decomposed = composed
    decomposed.label = "cafe\u{301}"
    let recording = CounterRecording(
      app: "counter", initialState: 0,
      steps: [
        RecordedStep(event: "rename", origin: .user, atMilliseconds: 1, state: composed),
        RecordedStep(event: "rename", origin: .user, atMilliseconds: 2, state: decomposed),
      ])
    let lines = Self.text(recording).split(separator: "\n")
    #expect(lines[2].hasSuffix(#""patch":[]}}"#), "\(lines[2])")
    let read = try Self.decode(Self.text(recording))
    #expect(read.steps.map(\.state.label.unicodeScalars.count) == [4, 4])
  }

  @Test func aFileWithNoEndRecordSaysWhereItStops() throws {
    let text = Self.text(Self.sample())
    let lines = text.split(separator: "\n")
    let withoutEnd = lines.dropLast().joined(separator: "\n") + "\n"
    let read = try Self.decode(withoutEnd)
    #expect(read.endedEarly == "after line 4, with no end record")
    #expect(read.steps.count == 2)
    do {
      _ = try Self.decode(text + lines[1] + "\n")
      Issue.record("a record after the end record read")
    } catch {
      #expect(error.description == Self.path + ": line 6: a record after the end record")
    }
  }

  @Test(arguments: [
    ("", "/tmp/counter-recording.json: is not JSON (cut short, or not a recording file)"),
    (
      "{\"format\": \"loop-recording\", \"version\": 1, \"app\": \"count",
      "/tmp/counter-recording.json: is not JSON (cut short, or not a recording file)"
    ),
    ("[1, 2]", "/tmp/counter-recording.json: is not a recording file (no `format`)"),
    (
      "{\"format\": \"junit\", \"version\": 1, \"app\": \"counter\"}",
      "/tmp/counter-recording.json: is not a recording file (its `format` is not \"loop-recording\")"
    ),
    (
      "{\"format\": \"loop-recording\", \"app\": \"counter\"}",
      "/tmp/counter-recording.json: has no `version`"
    ),
    (
      "{\"format\": \"loop-recording\", \"version\": 3, \"app\": \"counter\"}",
      "/tmp/counter-recording.json: is a version 3 recording, newer than this build reads (up to 2); "
        + "replay it with the build that recorded it"
    ),
    (
      "{\"format\": \"loop-recording\", \"version\": 0, \"app\": \"counter\"}",
      "/tmp/counter-recording.json: has version 0; versions start at 1"
    ),
    (
      "{\"format\": \"loop-recording\", \"version\": 1, \"app\": \"movies\"}",
      "/tmp/counter-recording.json: is a recording of movies, not of counter"
    ),
  ])
  func aFileThatIsNoRecordingOfThisAppIsRefusedByName(text: String, message: String) {
    #expect(throws: RecordingFileError.self) { try Self.decode(text) }
    do {
      _ = try Self.decode(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aFieldThatDoesNotDecodeIsNamedWithItsStepAndLine() {
    let edited = Self.text(Self.sample()).replacingOccurrences(
      of: #""value":2"#, with: #""value":"two""#)
    #expect(edited != Self.text(Self.sample()))
    do {
      _ = try Self.decode(edited)
      Issue.record("a string for an Int state decoded")
    } catch {
      #expect(error.location == "step 2 (line 3)")
      #expect(
        error.description
          == "/tmp/counter-recording.json: step 2 (line 3): state.count: expected Int"
      )
    }
  }

  @Test func aMissingFieldABadPatchAndTimesThatGoBackAreRefusedWithTheirStep() {
    let text = Self.text(Self.sample())
    let cases = [
      (#","origin":{"user":{}}"#, "", "step 1 (line 2): missing `origin`"),
      (
        #""path":"/count""#, #""path":"/count/x""#,
        "step 1 (line 2): patch operation 1: a path into a number at /count/x"
      ),
      (
        #""op":"replace""#, #""op":"move""#,
        "step 1 (line 2): patch operation 1: `op` is not add, remove or replace"
      ),
      (#"{"end""#, #"{"finish""#, "line 5: a record of unknown kind `finish`"),
      (#"{"end":{"#, #"{"end":{{"#, "line 5: is not JSON (expected a key at byte 9)"),
    ]
    for (original, replacement, message) in cases {
      let edited = text.replacingOccurrences(of: original, with: replacement)
      #expect(edited != text, "\(original)")
      do {
        _ = try Self.decode(edited)
        Issue.record("\(original) -> \(replacement) decoded")
      } catch {
        #expect(error.description == Self.path + ": " + message)
      }
    }
    var backwards = Self.sample()
    backwards.steps[1].atMilliseconds = -1
    do {
      _ = try Self.decode(Self.text(backwards))
      Issue.record("a step before the one ahead of it decoded")
    } catch {
      #expect(
        error.description
          == "/tmp/counter-recording.json: step 2: at_ms -1.0 is not a time from 0 to 1000000000 ms"
      )
    }
  }

  /// docs/RECORDINGS.md: "bug.json: step 4: state.text: expected String".
  @Test func aVersion1FieldThatDoesNotDecodeIsNamedWithItsStep() {
    let version1 = String(decoding: RecordingFile.encodeVersion1(Self.sample()), as: UTF8.self)
    let edited = version1.replacingOccurrences(of: #""count" : 2"#, with: #""count" : "two""#)
    #expect(edited != version1)
    do {
      _ = try Self.decode(edited)
      Issue.record("a string for an Int state decoded")
    } catch {
      #expect(error.description == Self.path + ": step 2: state.count: expected Int")
    }
  }

  /// A hand-edited version 1 file that is still JSON is never called "not JSON": a first
  /// state that is none of its type's values is named as the initial state.
  @Test func aVersion1InitialStateThatIsNoValueOfItsTypeIsNamed() {
    let version1 = String(
      decoding: RecordingFile.encodeVersion1(
        Recording<Light, String, String>(app: "counter", initialState: .red)),
      as: UTF8.self)
    let edited = version1.replacingOccurrences(
      of: #""initial_state" : "red""#, with: #""initial_state" : "blue""#)
    #expect(edited != version1)
    do {
      _ = try RecordingFile.decode(
        Recording<Light, String, String>.self, from: Data(edited.utf8), path: Self.path,
        app: "counter")
      Issue.record("a light of no known colour decoded")
    } catch {
      #expect(
        error.description
          == Self.path
          + ": the initial state: Cannot initialize Light from invalid String value blue"
      )
    }
  }

  /// A version 2 header spread over lines (reformatted by a tool) is one JSON object, but no
  /// record line: the file is refused at its first line, where the header is.
  @Test func aHeaderSpreadOverLinesIsRefusedAtLine1() {
    let text = """
      {
        "app": "counter",
        "format": "loop-recording",
        "initial_state": {"count": 0, "label": ""},
        "settings": {},
        "version": 2
      }

      """
    do {
      _ = try Self.decode(text)
      Issue.record("a header spread over lines read")
    } catch {
      #expect(error.description == Self.path + ": line 1: is not JSON (cut short at byte 2)")
    }
  }

  @Test func aMissingFileAndAnUnwritableOneAreErrorsNamingThem() {
    do {
      _ = try RecordingFile.read(CounterRecording.self, from: "/nonexistent/s.json", app: "counter")
      Issue.record("a missing file read")
    } catch {
      #expect(
        error.description == "/nonexistent/s.json: cannot be read (no such file or directory)")
    }
    do {
      try RecordingFile.write(Self.sample(), to: "/nonexistent/folder/s.json")
      Issue.record("a write into a missing folder succeeded")
    } catch {
      #expect(error.description.hasPrefix("/nonexistent/folder/s.json: cannot be written"))
    }
  }
}
