import Foundation
import LoopContracts
import LoopRecording
import MovieCatalog
import MovieCatalogRecording
import MoviesContract
import MoviesFeature
import TestSupport
import Testing

/// `movies --record FILE` end to end: the built binary writes a recording that replays against
/// the contract, also when a page fails.
@Suite(.scaledTimeLimit(minutes: 1))
struct MoviesRecordingTests {
  private typealias AppRecording = RecordingReplay<Movies, MovieCatalogCall>.AppRecording

  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "movies-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private static func replay(_ path: String) async throws -> ReplayReport {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try await AnyContract(Movies.contract, replaying: Movies.recordingReplay)
      .replay(data, from: path)
  }

  @Test func aFIFOIsRefusedAndASymlinkIsWrittenThroughNeverReplaced() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let target = folder.appendingPathComponent("target.json").path
    let link = folder.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")

    let refused = try await MoviesBinary.run(["--pages", "1", "--record", fifo])
    let through = try await MoviesBinary.run(["--pages", "1", "--record", link])

    #expect(refused.status == 2)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderrLines.first
        == "error: --record \(fifo) is a FIFO (named pipe), not a regular file; give the path "
        + "of a file (a new one is created)")
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    #expect(through.status == 0, "\(through.stderr)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.json")
    #expect(try RecordingFile.read(AppRecording.self, from: target, app: "movies").steps.count == 2)
  }

  @Test func aRecordedRunReplaysAsRecordedAgainstTheContract() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("recording.json").path

    let run = try await MoviesBinary.run(["--pages", "3", "--record", path])

    #expect(run.status == 0)
    let recording = try RecordingFile.read(AppRecording.self, from: path, app: "movies")
    #expect(
      recording.steps.map(\.origin.description) == [
        "sent by the user", "sent by the effect of feedback `loadPage` (generation 0)",
        "sent by the user", "sent by the effect of feedback `loadPage` (generation 1)",
        "sent by the user", "sent by the effect of feedback `loadPage` (generation 2)",
      ])
    let pages = recording.calls.map { call -> Int in
      guard case .popular(let page, .returned) = call.call else { return 0 }
      return page
    }
    #expect(pages == [1, 2, 3])
    let report = try await Self.replay(path)
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func aRunThatFailsIsRecordedWithItsErrorAndReplays() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("failed.json").path

    // Nothing listens on port 9: the first page fails after the client's retries.
    let run = try await MoviesBinary.run(
      ["--pages", "1", "--record", path, "--api-base", "http://127.0.0.1:9"],
      environment: ["TMDB_API_KEY": "any-token"])

    #expect(run.status == 1)
    let recording = try RecordingFile.read(AppRecording.self, from: path, app: "movies")
    guard case .popular(1, .threw(.network)) = try #require(recording.calls.first).call else {
      Issue.record("the first call is not a network failure: \(recording.calls)")
      return
    }
    let report = try await Self.replay(path)
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }
}
