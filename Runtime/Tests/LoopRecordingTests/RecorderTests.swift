import Foundation
import Loop
import LoopRecording
import Testing

/// A recorder writing its file as the store runs: every step is in the file once the store
/// has reduced it and the recording is finished (or `written()` has returned), and what is
/// read back is what happened.
struct RecorderTests {
  /// Counts the user's taps; no effects.
  private struct Tapper: Machine {
    static let reducer = Reducer<[Int], String> { taps, event in taps.append(taps.count + 1) }
    var feedbacks: [Feedback<[Int], String>] { [] }
  }

  private typealias TapRecording = Recording<[Int], String, String>

  /// Loads when asked: one effect, which answers `loaded` and ends.
  private struct Loader: Machine {
    static let reducer = Reducer<[String], String> { events, event in events.append(event) }
    var feedbacks: [Feedback<[String], String>] {
      [.onEvent(matching: { $0 == "load" ? true : nil }, name: "load", effect: { _ in "loaded" })]
    }
  }

  private static func path() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "recorder-\(UUID().uuidString).jsonl"
    ).path
  }

  @Test func aRecordingWrittenAsTheStoreRunsReadsBackAsWhatHappened() async throws {
    let path = Self.path()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try Recorder<[Int], String, String>(
      app: "tapper", settings: ["delay_ms": 20], initialState: [], file: path)
    // The header is on disk before anything runs.
    let header = try String(contentsOfFile: path, encoding: .utf8)
    #expect(header.hasPrefix(#"{"app":"tapper","format":"loop-recording","initial_state":[]"#))
    let store = recorder.store(running: Tapper())
    for tap in 1...50 {
      store.send("tap \(tap)")
    }
    _ = await store.first { $0.count == 50 }
    try recorder.finish(.interrupted)
    store.send("after the end")
    _ = await store.first { $0.count == 51 }
    store.cancel()

    let read = try RecordingFile.read(TapRecording.self, from: path, app: "tapper")
    #expect(read.steps.count == 50)
    #expect(read.steps.map(\.event) == (1...50).map { "tap \($0)" })
    #expect(read.steps.last?.state == Array(1...50))
    #expect(read.settings == ["delay_ms": 20])
    #expect(read.end?.reason == .interrupted)
    #expect(read.endedEarly == nil && read.stopsMidRun)
    // Finishing again writes nothing more.
    try recorder.finish(.finished)
    #expect(
      try RecordingFile.read(TapRecording.self, from: path, app: "tapper").end?.reason
        == .interrupted)
  }

  /// What a command printed after `written()` is in the file even if the process dies next:
  /// the file holds every step reduced before the call, with no end record needed.
  @Test func everyStepReducedBeforeWrittenIsInTheFileWhenItReturns() async throws {
    let path = Self.path()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try Recorder<[Int], String, String>(
      app: "tapper", initialState: [], file: path)
    let store = recorder.store(running: Tapper())
    for tap in 1...5 {
      store.send("tap \(tap)")
      _ = await store.first { $0.count == tap }
      await recorder.written()
      let read = try RecordingFile.read(TapRecording.self, from: path, app: "tapper")
      #expect(read.steps.map(\.event) == (1...tap).map { "tap \($0)" }, "after tap \(tap)")
      #expect(read.endedEarly == "after line \(tap + 1), with no end record")
    }
    try recorder.finish(.finished)
    // After the end, and in memory, there is nothing to wait for.
    await recorder.written()
    store.cancel()
    let inMemory = Recorder<[Int], String, String>(app: "tapper", initialState: [])
    await inMemory.written()
  }

  /// docs/RECORDINGS.md: the app writes down "every effect with how it ended"; a recording
  /// written as the store runs holds each effect's end, its outcome and when.
  @Test func everyEffectsEndIsInTheFileWithHowItEnded() async throws {
    let path = Self.path()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try Recorder<[String], String, String>(
      app: "loader", initialState: [], file: path)
    let store = recorder.store(running: Loader())
    store.send("load")
    _ = await store.first { $0.contains("loaded") }
    // The store records an effect's end before it reduces any later event.
    store.send("done")
    _ = await store.first { $0.contains("done") }
    try recorder.finish(.finished)
    store.cancel()

    let read = try RecordingFile.read(
      Recording<[String], String, String>.self, from: path, app: "loader")
    #expect(read.steps.map(\.event) == ["load", "loaded", "done"])
    #expect(read.effects.map(\.origin) == [.feedback(name: "load", generation: 0)])
    #expect(read.effects.map(\.outcome) == [.completed])
    let effect = try #require(read.effects.first)
    let ended = try #require(effect.endedAtMilliseconds)
    #expect(effect.startedAtMilliseconds <= ended && ended <= read.steps[2].atMilliseconds)
  }

  @Test func aRecordingReplacesAFileOnlyOnceItHoldsItsHeader() throws {
    let path = Self.path()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("an older recording\n".utf8).write(to: URL(fileURLWithPath: path))
    let recorder = try Recorder<[Int], String, String>(
      app: "tapper", initialState: [7], file: path)
    let read = try RecordingFile.read(TapRecording.self, from: path, app: "tapper")
    #expect(read.initialState == [7])
    #expect(read.endedEarly == "after line 1, with no end record")
    try recorder.finish(.finished)
    let folder = (path as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix(".\((path as NSString).lastPathComponent).")
    }
    #expect(leftovers.isEmpty)
  }

  @Test func aFolderThatDoesNotExistIsAnErrorNamingTheFile() {
    do {
      _ = try Recorder<[Int], String, String>(
        app: "tapper", initialState: [], file: "/nonexistent/folder/s.jsonl")
      Issue.record("a recording into a missing folder started")
    } catch {
      #expect(
        error.description.hasPrefix("/nonexistent/folder/s.jsonl: cannot be written (create: "))
    }
  }
}
