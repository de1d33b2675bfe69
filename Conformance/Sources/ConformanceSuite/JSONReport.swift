import Foundation
import LoopContracts

/// Renders a run as one JSON object: every report in full, and the totals.
public enum JSONReport {
  private struct Document: Encodable {
    let contracts: [ContractReport]
    let recordings: [ReplayReport]
    let passed: Int
    let failed: Int
    let durationSeconds: Double
  }

  /// The run as pretty-printed JSON with sorted keys, ending with a newline.
  ///
  /// - Parameter run: The run.
  /// - Returns: The JSON text.
  public static func render(_ run: ConformanceRun) -> String {
    let totals = run.totals
    let document = Document(
      contracts: run.reports, recordings: run.replays, passed: totals.passed, failed: totals.failed,
      durationSeconds: run.durationSeconds)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(document) else {
      preconditionFailure("a conformance report failed to encode as JSON")
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
