import Foundation
import LoopContracts

/// Renders a run as one JSON object (every report in full, and the totals), and reads one
/// back, which is how `conformance merge` reads the shards' reports.
///
/// Keys are `snake_case` and sorted, as in every JSON document the project writes;
/// `format_version` is 2 (version 1, before it was written, had `camelCase` keys). A shard's
/// report also holds the run's `plan` and its `verdicts` on mutants run apart from their
/// contract's checks, which `merge` joins.
public enum JSONReport {
  /// The version this type writes and reads.
  public static let formatVersion = 2

  private struct Document: Codable {
    let formatVersion: Int
    let shard: Shard
    let settings: ConformanceRun.Settings?
    let plan: ConformanceRun.Plan?
    let contracts: [ContractReport]
    let verdicts: [ConformanceRun.Verdict]
    let recordings: [ReplayReport]
    let passed: Int
    let failed: Int
    let durationSeconds: Double
  }

  /// Why a file is not a JSON report this version reads.
  public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, then what is wrong with it.
    public let description: String

    /// Creates the error.
    ///
    /// - Parameter description: The file, then what is wrong with it.
    public init(description: String) {
      self.description = description
    }
  }

  /// The run as pretty-printed JSON with sorted keys, ending with a newline.
  ///
  /// - Parameter run: The run.
  /// - Returns: The JSON text.
  public static func render(_ run: ConformanceRun) -> String {
    let totals = run.totals
    let document = Document(
      formatVersion: formatVersion, shard: run.shard, settings: run.settings, plan: run.plan,
      contracts: run.reports, verdicts: run.verdicts, recordings: run.replays,
      passed: totals.passed,
      failed: totals.failed, durationSeconds: run.durationSeconds)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    guard let data = try? encoder.encode(document) else {
      preconditionFailure("a conformance report failed to encode as JSON")
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The run a JSON report holds, as ``render(_:)`` wrote it.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file, for the error.
  /// - Returns: The run.
  /// - Throws: ``ReadError`` when the file is not JSON, is not a conformance report, or is
  ///   of another `format_version`.
  public static func read(_ data: Data, path: String) throws(ReadError) -> ConformanceRun {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    struct Version: Decodable { let formatVersion: Int? }
    let version: Int?
    do {
      version = try decoder.decode(Version.self, from: data).formatVersion
    } catch {
      throw ReadError(description: "\(path): not a conformance JSON report (\(reason(error)))")
    }
    guard version == formatVersion else {
      throw ReadError(
        description: "\(path): a conformance JSON report of format_version "
          + "\(version.map(String.init) ?? "1 (none written)"); this conformance reads "
          + "\(formatVersion): run the shards and the merge with one build")
    }
    do {
      let document = try decoder.decode(Document.self, from: data)
      return ConformanceRun(
        reports: document.contracts, replays: document.recordings,
        durationSeconds: document.durationSeconds, shard: document.shard,
        settings: document.settings, plan: document.plan, verdicts: document.verdicts)
    } catch {
      throw ReadError(description: "\(path): not a conformance JSON report (\(reason(error)))")
    }
  }

  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
      return "no \(path)"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "\(path.isEmpty ? "the document" : path): \(context.debugDescription)"
    case .dataCorrupted(let context):
      return context.debugDescription
    @unknown default:
      return "\(error)"
    }
  }
}
