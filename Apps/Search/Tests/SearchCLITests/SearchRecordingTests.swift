import Foundation
import LoopContracts
import LoopRecording
import MovieCatalog
import MovieCatalogRecording
import SearchContract
import SearchFeature
import TestSupport
import Testing

/// `movie-search --record FILE` end to end: the built binary writes a recording that replays
/// against the contract, with no secret in it.
@Suite(.scaledTimeLimit(minutes: 1))
struct SearchRecordingTests {
  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "search-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private static func replay(_ path: String) async throws -> ReplayReport {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try await AnyContract(Search.contract, replaying: Search.recordingReplay)
      .replay(data, from: path)
  }

  @Test func aRecordedRunReplaysAsRecordedAgainstTheContract() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("recording.json").path

    let run = try await MovieSearchProcess.run(
      ["--record", path, "--limit", "25"], input: "star\nstar wars\nstar\n")

    #expect(run.status == 0, "\(run.stderr)")
    let recording = try RecordingFile.read(
      RecordingReplay<Search, MovieCatalogCall>.AppRecording.self, from: path, app: "movie-search")
    // Three queries; the third comes from the cache, so two pages of "star" and one of
    // "star wars" were asked for, in that order.
    #expect(recording.steps.filter { $0.origin == RecordedOrigin.user }.count == 5)
    let asked = recording.calls.map { call -> String in
      guard case .search(let query, let page, _) = call.call else { return "other" }
      return "\(query) \(page)"
    }
    #expect(asked == ["star 1", "star 2", "star wars 1"])
    #expect(recording.settings == ["debounce_ms": 0])
    let report = try await Self.replay(path)
    #expect(report.passed, "\(report.failure?.message ?? "")")
    #expect(report.steps == recording.steps.count)
  }

  @Test func aLiveRecordingHoldsNoTokenAndReplaysAsRecorded() async throws {
    let server = try await ServerProcess.start(["--port", "0", "--quiet"])
    defer { server.send(SIGKILL) }
    let port = try #require(server.port)
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("live.json").path
    let token = "secret-token-4242.with.dots"

    let run = try await MovieSearchProcess.run(
      ["--record", path, "--api-base", "http://127.0.0.1:\(port)", "star wars"],
      environment: ["TMDB_API_KEY": token])

    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains(token))
    #expect(!text.contains("secret-token"))
    #expect(!text.lowercased().contains("bearer"))
    #expect(!text.contains("127.0.0.1"))
    let report = try await Self.replay(path)
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func aRecordFileInAMissingFolderIsAUsageErrorBeforeAnythingRuns() async throws {
    let run = try await MovieSearchProcess.run(["--record", "/nonexistent/s.json", "star"])

    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains("--record /nonexistent/s.json: the folder /nonexistent does not exist"))
  }
}
