import Foundation
import LoopContracts
import LoopRecording
import TestSupport
import Testing
import TrailsContract
import TrailsFeature
import TrailsModel
import TrailsRecording

/// The plan's file as the built `trails` leaves it: one file once every process has ended
/// (the `-wal` folded back in), whichever way it ended, and no forecast asked for that a
/// command does not print.
@Suite(.scaledTimeLimit(minutes: 1))
struct PlanFileTests {
  private let folder: TemporaryFolder
  private let database: String

  init() throws {
    folder = try TemporaryFolder("trails-cli")
    database = folder.path("plan.sqlite")
  }

  /// Runs trails on this test's database, forecasts from the fixtures.
  private func trails(_ arguments: [String], output: OutputTarget = .captured) async throws
    -> CommandRun
  {
    try await CommandRun.run(
      "trails", arguments + ["--db", database, "--source", "fixtures"],
      environment: ["NO_COLOR": "1"], output: output)
  }

  private func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
  }

  @Test func twoEditsInARowLeaveOneFileWhoseCopyHoldsBoth() async throws {
    #expect(try await trails(["plan", "add", "gull-point-loop", "--day", "1"]).status == 0)
    #expect(try await trails(["plan", "add", "tidepool-steps", "--day", "2"]).status == 0)

    #expect(try files() == ["plan.sqlite"])
    let copy = folder.path("copy.sqlite")
    try FileManager.default.copyItem(atPath: database, toPath: copy)
    let shown = try await CommandRun.run(
      "trails", ["plan", "--json", "--db", copy, "--source", "fixtures"])
    let plan = try TrailsCLITests.decoder.decode(Documents.Plan.self, from: Data(shown.stdout.utf8))
    #expect(plan.days.map { $0.trails.map(\.id) } == [["gull-point-loop"], ["tidepool-steps"]])
  }

  @Test func anEditThatFailsOrCannotPrintStillLeavesOneFile() async throws {
    #expect(try await trails(["plan", "add", "gull-point-loop"]).status == 0)

    // Refused: exit 1 after the restore.
    let refused = try await trails(["plan", "add", "gull-point-loop"])
    #expect(refused.status == 1, "\(refused.stderr)")
    // Saved, then its JSON cannot be written: the process ends from inside the write.
    let full = try await trails(["plan", "add", "tidepool-steps", "--json"], output: .full)
    #expect(full.status == 1, "\(full.stderr)")
    #expect(full.stderr.contains("error: cannot write to standard output"))

    #expect(try files() == ["plan.sqlite"])
  }

  /// The forecasts a command's recording says it asked for, as trail ids, sorted.
  private func forecastsAsked(_ arguments: String...) async throws -> [String] {
    let path = folder.path("recording-\(UUID().uuidString).json")
    let run = try await trails(arguments + ["--record", path])
    #expect(run.status == 0, "\(run.stderr)")
    let recording = try RecordingFile.read(
      RecordingReplay<Trails, TrailsCall>.AppRecording.self, from: path, app: "trails")
    let catalog = try TrailCatalog.fixtures()
    return recording.calls.compactMap { call -> String? in
      guard case .forecast(let coordinate, _) = call.call else { return nil }
      return catalog.trails.first { $0.trailhead == coordinate }?.id ?? "\(coordinate)"
    }.sorted()
  }

  @Test func aCommandAsksOnlyForTheForecastsItPrints() async throws {
    #expect(try await trails(["plan", "add", "gull-point-loop", "--day", "1"]).status == 0)

    #expect(try await forecastsAsked("plan", "add", "tidepool-steps", "--day", "2") == [])
    #expect(try await forecastsAsked("plan", "remove", "tidepool-steps") == [])
    #expect(try await forecastsAsked("regions") == [])
    #expect(try await forecastsAsked("region", "silver-coast") == [])
    #expect(try await forecastsAsked("trail", "cinder-corrie") == ["cinder-corrie"])
    #expect(try await forecastsAsked("plan") == ["gull-point-loop"])
    #expect(
      try await forecastsAsked("plan", "add", "tidepool-steps", "--day", "2", "--json")
        == ["gull-point-loop", "tidepool-steps"])
  }
}
