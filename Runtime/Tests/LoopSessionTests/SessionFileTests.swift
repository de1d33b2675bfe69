import Foundation
import LoopSession
import Testing

/// A session of a tiny counter app, to read and write without any app's types.
private typealias CounterSession = Session<Int, String, String>

struct SessionFileTests {
  private static let path = "/tmp/counter-session.json"

  private static func sample() -> CounterSession {
    CounterSession(
      app: "counter", initialState: 0,
      steps: [
        SessionStep(event: "increment", origin: .user, atMilliseconds: 0, state: 1),
        SessionStep(
          event: "loaded", origin: .feedback(name: "load", generation: 1), atMilliseconds: 12.5,
          state: 2),
      ],
      calls: [SessionCall(call: "load", startedAtMilliseconds: 0.1, endedAtMilliseconds: 12.4)])
  }

  private static func text(_ session: CounterSession) -> String {
    String(decoding: SessionFile.encode(session), as: UTF8.self)
  }

  private static func decode(_ text: String) throws(SessionFileError) -> CounterSession {
    try SessionFile.decode(CounterSession.self, from: Data(text.utf8), path: path, app: "counter")
  }

  @Test func aWrittenSessionReadsBackAndEncodesToTheSameBytes() throws {
    let text = Self.text(Self.sample())
    let read = try Self.decode(text)
    #expect(Self.text(read) == text)
    #expect(read.steps.map(\.origin) == [.user, .feedback(name: "load", generation: 1)])
    #expect(text.hasSuffix("}\n"))
    // Keys sorted and snake_case: a readable, stable file.
    #expect(text.contains("\"app\" : \"counter\""))
    #expect(text.range(of: "\"app\"")!.lowerBound < text.range(of: "\"calls\"")!.lowerBound)
    #expect(text.contains("\"initial_state\" : 0"))
    #expect(text.contains("\"at_ms\" : 12.5"))
  }

  @Test(arguments: [
    ("", "/tmp/counter-session.json: is not JSON (cut short, or not a session file)"),
    (
      "{\"format\": \"loop-session\", \"version\": 1, \"app\": \"count",
      "/tmp/counter-session.json: is not JSON (cut short, or not a session file)"
    ),
    ("[1, 2]", "/tmp/counter-session.json: is not a session file (no `format`)"),
    (
      "{\"format\": \"junit\", \"version\": 1, \"app\": \"counter\"}",
      "/tmp/counter-session.json: is not a session file (its `format` is not \"loop-session\")"
    ),
    (
      "{\"format\": \"loop-session\", \"app\": \"counter\"}",
      "/tmp/counter-session.json: has no `version`"
    ),
    (
      "{\"format\": \"loop-session\", \"version\": 2, \"app\": \"counter\"}",
      "/tmp/counter-session.json: is a version 2 session, newer than this build reads (up to 1); "
        + "replay it with the build that recorded it"
    ),
    (
      "{\"format\": \"loop-session\", \"version\": 0, \"app\": \"counter\"}",
      "/tmp/counter-session.json: has version 0; versions start at 1"
    ),
    (
      "{\"format\": \"loop-session\", \"version\": 1, \"app\": \"movies\"}",
      "/tmp/counter-session.json: is a session of movies, not of counter"
    ),
  ])
  func aFileThatIsNoSessionOfThisAppIsRefusedByName(text: String, message: String) {
    #expect(throws: SessionFileError.self) { try Self.decode(text) }
    do {
      _ = try Self.decode(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aFieldThatDoesNotDecodeIsNamedWithItsStep() {
    let edited = Self.text(Self.sample()).replacingOccurrences(
      of: "\"state\" : 2", with: "\"state\" : \"two\"")
    do {
      _ = try Self.decode(edited)
      Issue.record("a string for an Int state decoded")
    } catch {
      #expect(error.location == "step 2")
      #expect(error.description.hasPrefix("/tmp/counter-session.json: step 2: state: expected Int"))
    }
  }

  @Test func aMissingFieldAndTimesThatGoBackAreRefusedWithTheirStep() {
    let missing = Self.text(Self.sample()).replacingOccurrences(
      of: "\"origin\" : {\n        \"user\" : {\n\n        }\n      },", with: "")
    #expect(missing != Self.text(Self.sample()))
    do {
      _ = try Self.decode(missing)
      Issue.record("a step without an origin decoded")
    } catch {
      #expect(error.description == "/tmp/counter-session.json: step 1: missing `origin`")
    }
    var backwards = Self.sample()
    backwards.steps[1].atMilliseconds = -1
    do {
      _ = try Self.decode(Self.text(backwards))
      Issue.record("a step before the one ahead of it decoded")
    } catch {
      #expect(
        error.description
          == "/tmp/counter-session.json: step 2: at_ms -1.0 is not a time from 0 to 1000000000 ms")
    }
  }

  @Test func aMissingFileAndAnUnwritableOneAreErrorsNamingThem() {
    #expect(throws: SessionFileError.self) {
      try SessionFile.read(CounterSession.self, from: "/nonexistent/s.json", app: "counter")
    }
    do {
      try SessionFile.write(Self.sample(), to: "/nonexistent/folder/s.json")
      Issue.record("a write into a missing folder succeeded")
    } catch {
      #expect(error.description.hasPrefix("/nonexistent/folder/s.json: cannot be written"))
    }
  }
}
