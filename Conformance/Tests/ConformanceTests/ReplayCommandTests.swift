import Foundation
import TestSupport
import Testing

/// `conformance --replay FILE` and `--minimize OUT`, run as a user runs them, on the
/// committed movie-search recording and an edited copy of it.
@Suite(.scaledTimeLimit(minutes: 1))
struct ReplayCommandTests {
  private static let root = Repository.root
  private static let fixture = Repository.starWarsTwice

  private let temporary: TemporaryFolder
  private var folder: URL { temporary.url }

  init() throws {
    temporary = try TemporaryFolder("replay")
  }

  /// The fixture with the state of its last step (the second "star wars" answer, from the
  /// cache) edited, as if the reducer now made another one.
  private func broken() throws -> String {
    var recording = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        as? [String: Any])
    var steps = try #require(recording["steps"] as? [[String: Any]])
    var state = try #require(steps[steps.count - 1]["state"] as? [String: Any])
    state["requestsStarted"] = 41
    steps[steps.count - 1]["state"] = state
    recording["steps"] = steps
    let path = folder.appendingPathComponent("broken.json").path
    try JSONSerialization.data(withJSONObject: recording).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func theCommittedRecordingReplaysAsRecorded() async throws {
    let run = try await CommandRun.run("conformance", ["--replay", Self.fixture])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdoutLines == [
        "conformance: \(Self.fixture): 8 steps replayed as recorded: every state, move, "
          + "invariant and call"
      ])
  }

  @Test func anEditedRecordingFailsAtItsStepAndMinimizesToTheLastQuery() async throws {
    let path = try broken()
    let replay = try await CommandRun.run("conformance", ["--replay", path])
    #expect(replay.status == 1)
    #expect(replay.stdout.hasPrefix("replay of \(path) failed at step 8 of 8."))
    #expect(replay.stdout.contains("  requestsStarted\n  - expected: 41\n  + actual:   2"))
    #expect(replay.stderrLines == ["conformance: the replay of \(path) failed"])

    let shortest = folder.appendingPathComponent("shortest.json").path
    let minimize = try await CommandRun.run(
      "conformance", ["--replay", path, "--minimize", shortest])
    #expect(minimize.status == 0, "\(minimize.stderr)")
    #expect(
      minimize.stdoutLines.last
        == "conformance: \(shortest): 2 of 8 steps, failing as \(path) does (state, at its step 2)")
    let again = try await CommandRun.run("conformance", ["--replay", shortest])
    #expect(again.status == 1)
    #expect(again.stdout.hasPrefix("replay of \(shortest) failed at step 2 of 2."))
  }

  @Test func minimizingARecordingThatReplaysOrWithoutReplayIsRefused() async throws {
    let out = folder.appendingPathComponent("out.json").path
    let passing = try await CommandRun.run(
      "conformance", ["--replay", Self.fixture, "--minimize", out])
    #expect(passing.status == 1)
    #expect(
      passing.stderrLines == [
        "error: \(Self.fixture): replays as recorded, or fails in no step: nothing to minimize"
      ])
    #expect(!FileManager.default.fileExists(atPath: out))
    let alone = try await CommandRun.run("conformance", ["--minimize", out])
    #expect(alone.status == 2)
    #expect(alone.stderr.hasPrefix("error: --minimize needs --replay FILE"))
  }

  @Test func aFileThatIsNotARecordingIsOneLineNamingItAndStatus1() async throws {
    let path = folder.appendingPathComponent("cut.json").path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    let run = try await CommandRun.run("conformance", ["--replay", path])
    #expect(run.status == 1)
    #expect(run.stdoutLines == ["\(path): is not JSON (cut short, or not a recording file)"])
  }
}
