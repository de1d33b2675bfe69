import Foundation
import LoopRecording
import LoopSession
import Testing

/// Code written against 0.2's LoopSession still compiles and does what it did: the module
/// re-exports LoopRecording under the old names.
struct LoopSessionShimTests {
  @Test func aSessionWrittenUnderTheOldNamesIsARecording() throws {
    let written = try Self.oldCode.write()
    let read = try RecordingFile.decode(
      Recording<Int, String, String>.self, from: written, path: "old.jsonl", app: "counter")
    #expect(read.settings == ["debounce_ms": 300])
    #expect(read.steps.map(\.state) == [1])
    #expect(read.steps.map(\.origin) == [.user])
    #expect(read.calls.map(\.call) == ["load"])
    #expect(read.end?.reason == .finished)
  }

  @Test func theOldMillisecondNamesAreTheNewOnes() {
    #expect(Self.oldCode.milliseconds(of: .milliseconds(1_500)) == 1_500)
    #expect(Self.oldCode.duration(ofMilliseconds: 300) == .milliseconds(300))
    #expect(Self.oldCode.duration(ofMilliseconds: -1) == nil)
  }

  /// The old calls, reached through a protocol so that only `OldCode`'s deprecated methods
  /// name the deprecated API (and the build stays free of warnings).
  private static let oldCode: any OldSessionAPI = OldCode()
}

/// What a consumer of LoopSession 0.2 wrote.
private protocol OldSessionAPI: Sendable {
  func write() throws -> Data
  func milliseconds(of duration: Duration) -> Int
  func duration(ofMilliseconds milliseconds: Int) -> Duration?
}

private struct OldCode: OldSessionAPI {
  @available(*, deprecated, message: "calls the deprecated shims on purpose")
  func write() throws -> Data {
    var session = Session<Int, String, String>(
      app: "counter", settings: ["debounce_ms": Duration.milliseconds(300).sessionMilliseconds],
      initialState: 0)
    let origin: SessionOrigin = .user
    session.steps.append(SessionStep(event: "add", origin: origin, atMilliseconds: 0, state: 1))
    session.calls.append(
      SessionCall(call: "load", startedAtMilliseconds: 0.5, endedAtMilliseconds: 1))
    session.end = SessionEnd(reason: .finished, atMilliseconds: 2)
    let encoded = SessionFile.encode(session)
    _ = try SessionFile.decode(
      Session<Int, String, String>.self, from: encoded, path: "old.jsonl", app: "counter")
    let _: SessionFileError.Type = SessionFileError.self
    let _: SessionRecorder<Int, String, String>.Type = SessionRecorder<Int, String, String>.self
    let _: SessionEffect.Type = SessionEffect.self
    return encoded
  }

  @available(*, deprecated, message: "calls the deprecated shims on purpose")
  func milliseconds(of duration: Duration) -> Int {
    duration.sessionMilliseconds
  }

  @available(*, deprecated, message: "calls the deprecated shims on purpose")
  func duration(ofMilliseconds milliseconds: Int) -> Duration? {
    Duration(sessionMilliseconds: milliseconds)
  }
}
