import Foundation
import LoopContracts
import LoopRecording
import TestSupport
import Testing
import TrailsContract
import TrailsFeature
import TrailsRecording

/// `trails --record FILE` end to end: each command's recording, recorded by the built binary,
/// replays against the contract; the edit's write and the plan it read are in it.
@Suite(.scaledTimeLimit(minutes: 1))
struct TrailsRecordingTests {
  private typealias AppRecording = RecordingReplay<Trails, TrailsCall>.AppRecording

  private let folder: TemporaryFolder
  private let database: String

  init() throws {
    folder = try TemporaryFolder("trails-cli")
    database = folder.path("plan.sqlite")
  }

  private func record(_ name: String, _ arguments: String...) async throws -> String {
    let path = folder.path(name)
    let run = try await TrailsRun.run(
      arguments + ["--db", database, "--source", "fixtures", "--record", path])
    #expect(run.status == 0, "\(run.standardError)")
    return path
  }

  private static func replay(_ path: String) async throws -> ReplayReport {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try await AnyContract(Trails.contract, replaying: Trails.recordingReplay)
      .replay(data, from: path)
  }

  @Test func eachCommandsRecordedRecordingReplaysAsRecorded() async throws {
    let first = try await record("first.json", "plan", "add", "gull-point-loop", "--day", "1")
    let second = try await record("second.json", "plan", "add", "tidepool-steps", "--day", "2")
    let shown = try await record("shown.json", "plan")

    let recording = try RecordingFile.read(AppRecording.self, from: second, app: "trails")
    // The second edit's write read the plan the first one stored, and stored both.
    let writes = recording.calls.compactMap { call -> (before: Int, after: Int)? in
      guard case .update(let current, .returned(let stored)) = call.call else { return nil }
      return (
        current?.days.flatMap(\.trailIDs).count ?? 0, stored.plan.days.flatMap(\.trailIDs).count
      )
    }
    #expect(writes.map(\.before) == [1])
    #expect(writes.map(\.after) == [2])
    for path in [first, second, shown] {
      let report = try await Self.replay(path)
      #expect(report.passed, "\(path): \(report.failure?.message ?? "")")
    }
  }

  @Test func aRecordingOfAnotherAppIsRefusedByName() async throws {
    let path = try await record("plan.json", "plan")
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: #""app":"trails""#, with: #""app":"movies""#)
    await #expect(
      throws: RecordingFileError(path: path, reason: "is a recording of movies, not of trails")
    ) {
      try await AnyContract(Trails.contract, replaying: Trails.recordingReplay)
        .replay(Data(text.utf8), from: path)
    }
  }
}
