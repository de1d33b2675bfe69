import Foundation
import LoopContracts
import LoopRecording

/// The recordings a conformance run replays: `--replay FILE`, and every `*.json` and `*.jsonl` in
/// `Fixtures/recordings/<app>/` for each registered app whose contract replays recordings.
public enum ConformanceRecordings {
  /// The recording files under `folder`, one subfolder per app, in path order, for the
  /// contracts in `contracts` that replay recordings; a missing folder holds none.
  ///
  /// - Parameters:
  ///   - folder: The recordings folder (`Fixtures/recordings`).
  ///   - contracts: The contracts being checked.
  /// - Returns: Each file's path.
  public static func files(in folder: String, for contracts: [AnyContract]) -> [String] {
    contracts.filter(\.replaysRecordings).flatMap { contract -> [String] in
      let appFolder = folder.hasSuffix("/") ? folder + contract.name : "\(folder)/\(contract.name)"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: appFolder)) ?? []
      return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted().map {
        "\(appFolder)/\($0)"
      }
    }
  }

  /// Writes to `output` the shortest part of the failing recording at `path` that still fails
  /// the same check, and returns the lines that say what it kept.
  ///
  /// - Parameters:
  ///   - path: The failing recording file.
  ///   - output: Where to write the shortest recording, to commit as a fixture.
  ///   - contracts: The registered contracts.
  /// - Returns: The shortest recording's failure, then a line with what it kept.
  /// - Throws: ``RecordingFileError`` for a file that is not a recording of a registered app, a
  ///   recording that replays as recorded (nothing to minimize), or an unwritable `output`.
  public static func minimize(_ path: String, to output: String, with contracts: [AnyContract])
    async throws(RecordingFileError) -> [String]
  {
    let (data, contract) = try read(path, with: contracts)
    guard let (shortest, report, originalSteps) = try await contract.minimize(data, from: path),
      let failure = report.failure
    else {
      throw RecordingFileError(
        path: path, reason: "replays as recorded, or fails in no step: nothing to minimize")
    }
    do {
      try shortest.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw RecordingFileError(
        path: output, reason: "cannot be written (\(FileErrorReason.of(error)))")
    }
    return [
      failure.message.replacingOccurrences(of: "replay of \(path)", with: "replay of \(output)"),
      "conformance: \(output): \(report.steps) of \(originalSteps) steps, failing as \(path) "
        + "does (\(failure.check.rawValue), at its step \(failure.step ?? report.steps))",
    ]
  }

  /// Replays the recording file at `path` against the contract of the app it names.
  ///
  /// A file that cannot be read, is not a recording, or names an app with no replaying
  /// contract is a failed report whose message says so, never a crash.
  ///
  /// - Parameters:
  ///   - path: The recording file.
  ///   - contracts: The registered contracts.
  /// - Returns: The report.
  public static func replay(_ path: String, with contracts: [AnyContract]) async -> ReplayReport {
    do throws(RecordingFileError) {
      let (data, contract) = try read(path, with: contracts)
      return try await contract.replay(data, from: path)
    } catch {
      return ReplayReport(
        path: path, steps: 0,
        failure: ReplayFailure(step: nil, check: .file, message: error.description))
    }
  }

  /// The bytes of the recording file at `path` and the contract of the app it names.
  static func read(_ path: String, with contracts: [AnyContract])
    throws(RecordingFileError) -> (Data, AnyContract)
  {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw RecordingFileError(
        path: path, reason: "cannot be read (\(FileErrorReason.of(error)))")
    }
    let app = try RecordingFile.app(of: data, path: path)
    guard let contract = contracts.first(where: { $0.name == app && $0.replaysRecordings }) else {
      let known = contracts.filter(\.replaysRecordings).map(\.name)
      // One app asked for (`--app`): the file is of another one.
      if known.count == 1 {
        throw RecordingFileError(path: path, reason: "is a recording of \(app), not of \(known[0])")
      }
      throw RecordingFileError(
        path: path,
        reason: "is a recording of \(app), which no registered contract replays (these do: "
          + "\(known.isEmpty ? "none" : known.joined(separator: ", ")))")
    }
    return (data, contract)
  }
}

/// The old name of ``ConformanceRecordings``, one letter from LoopContracts' `RecordingReplay`.
@available(*, deprecated, renamed: "ConformanceRecordings")
public typealias RecordingReplays = ConformanceRecordings
