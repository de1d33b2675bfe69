import Foundation
import LoopContracts
import LoopSession

/// The recorded sessions a conformance run replays: `--replay FILE`, and every `*.json` in
/// `Fixtures/sessions/<app>/` for each registered app whose contract replays sessions.
public enum SessionReplays {
  /// The session files under `folder`, one subfolder per app, in path order, for the
  /// contracts in `contracts` that replay sessions; a missing folder holds none.
  ///
  /// - Parameters:
  ///   - folder: The sessions folder (`Fixtures/sessions`).
  ///   - contracts: The contracts being checked.
  /// - Returns: Each file's path.
  public static func files(in folder: String, for contracts: [AnyContract]) -> [String] {
    contracts.filter(\.replaysSessions).flatMap { contract -> [String] in
      let appFolder = folder.hasSuffix("/") ? folder + contract.name : "\(folder)/\(contract.name)"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: appFolder)) ?? []
      return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(appFolder)/\($0)" }
    }
  }

  /// Replays the session file at `path` against the contract of the app it names.
  ///
  /// A file that cannot be read, is not a session, or names an app with no replaying
  /// contract is a failed report whose message says so, never a crash.
  ///
  /// - Parameters:
  ///   - path: The session file.
  ///   - contracts: The registered contracts.
  /// - Returns: The report.
  public static func replay(_ path: String, with contracts: [AnyContract]) async -> ReplayReport {
    do throws(SessionFileError) {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw SessionFileError(
          path: path, reason: "cannot be read (\((error as NSError).localizedDescription))")
      }
      let app = try SessionFile.app(of: data, path: path)
      guard let contract = contracts.first(where: { $0.name == app && $0.replaysSessions })
      else {
        let known = contracts.filter(\.replaysSessions).map(\.name).joined(separator: ", ")
        throw SessionFileError(
          path: path,
          reason: "is a session of \(app), which no registered contract replays (these do: "
            + "\(known.isEmpty ? "none" : known))")
      }
      return try await contract.replay(data, from: path)
    } catch {
      return ReplayReport(
        path: path, steps: 0,
        failure: ReplayFailure(step: nil, check: .file, message: error.description))
    }
  }
}
