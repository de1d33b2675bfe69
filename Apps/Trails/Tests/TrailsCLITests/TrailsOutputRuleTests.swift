import Foundation
import TestSupport
import Testing

/// The rules every app's output follows (docs/ARCHITECTURE.md), checked over the whole
/// bundled catalog: every JSON key present in every record, and the exit status of a partial
/// answer.
// Three minutes: some thirty runs of trails, each several times slower under make tsan.
@Suite(.scaledTimeLimit(minutes: 3))
struct TrailsOutputRuleTests {
  private let folder: TemporaryFolder
  private let database: String

  init() throws {
    folder = try TemporaryFolder("trails-cli")
    database = folder.path("plan.sqlite")
  }

  private func trails(_ arguments: [String]) async throws -> TrailsRun {
    try await TrailsRun.run(arguments + ["--db", database])
  }

  /// The ids under `key` in a JSON array of objects.
  private func ids(_ json: String, _ key: String = "id") throws -> [String] {
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return array.compactMap { $0[key] as? String }
  }

  @Test func everyJSONDocumentHasEveryKeyInEveryRecord() async throws {
    let regions = try await trails(["regions", "--json"])
    #expect(regions.status == 0)
    var regionDocuments: [String] = []
    var trailIDs: [String] = []
    for id in try ids(regions.standardOutput) {
      let region = try await trails(["region", id, "--json"])
      #expect(region.status == 0)
      regionDocuments.append(region.standardOutput)
      let object = try JSONSerialization.jsonObject(with: Data(region.standardOutput.utf8))
      let trails = try #require((object as? [String: Any])?["trails"] as? [[String: Any]])
      trailIDs += trails.compactMap { $0["id"] as? String }
    }
    #expect(trailIDs.count == 19)
    var trailDocuments: [String] = []
    for (index, id) in trailIDs.enumerated() {
      let trail = try await trails(["trail", id, "--json"])
      #expect(trail.status == 0, "\(id): \(trail.standardError)")
      trailDocuments.append(trail.standardOutput)
      // Every third trail in the plan, over days 1 to 7: rest days and full ones.
      guard index % 3 == 0 else { continue }
      let add = try await trails(["plan", "add", id, "--day", String(index / 3 + 1)])
      #expect(add.status == 0, "\(id): \(add.standardError)")
    }
    let plan = try await trails(["plan", "--json"])
    #expect(plan.status == 0)

    #expect(try JSONKeyRule.violations(inDocuments: [regions.standardOutput]) == [])
    #expect(try JSONKeyRule.violations(inDocuments: regionDocuments) == [])
    #expect(try JSONKeyRule.violations(inDocuments: trailDocuments) == [])
    #expect(try JSONKeyRule.violations(inDocuments: [plan.standardOutput]) == [])
  }

  @Test(arguments: [false, true])
  func aForecastThatFailsIsAPartialAnswerNamedOnStandardError(json: Bool) async throws {
    let unreachable = ["--source", "live", "--api-base", "http://127.0.0.1:9"]
    let run = try await trails(
      ["trail", "gull-point-loop"] + unreachable + (json ? ["--json"] : []))

    // 3: the trail was printed; its forecast is missing.
    #expect(run.status == 3, "\(run.standardError)")
    #expect(run.standardOutput.contains(json ? #""forecast_error" : ""# : "Gull Point Loop"))
    #expect(run.errorLines.count == 1, "\(run.errorLines)")
    // Where the forecast was for, then the failure's own line, which says "no forecast" once.
    #expect(
      run.errorLines.first?.hasPrefix(
        "trails: the trailhead of Gull Point Loop: no forecast: cannot connect to 127.0.0.1")
        == true, "\(run.errorLines)")
    #expect(run.errorLines.first?.components(separatedBy: "forecast").count == 2)
  }

  @Test func aPlannedDayWhoseForecastFailsIsAPartialAnswer() async throws {
    #expect(
      try await trails(["plan", "add", "gull-point-loop", "--source", "fixtures"]).status == 0)
    let run = try await trails(["plan", "--source", "live", "--api-base", "http://127.0.0.1:9"])

    #expect(run.status == 3, "\(run.standardError)")
    #expect(run.standardOutput.contains("Gull Point Loop"))
    #expect(
      run.errorLines.first?.hasPrefix(
        "trails: Gull Point Loop on day 1: no forecast: cannot connect to 127.0.0.1") == true,
      "\(run.errorLines)")
    #expect(run.errorLines.first?.components(separatedBy: "forecast").count == 2)
  }

  @Test func everyHelpPrintsTheExitStatusesInEightyColumns() async throws {
    for path in [[], ["plan"], ["plan", "add"], ["trail"]] {
      let help = try await trails(path + ["--help"])
      #expect(help.status == 0)
      #expect(help.standardOutput.contains("EXIT STATUS:"))
      let wide = help.standardOutput.split(separator: "\n").filter { $0.count > 80 }
      #expect(wide.isEmpty, "wider than 80 columns: \(wide)")
      #expect(
        help.standardOutput.contains(
          "  3    Partial: some is missing or from the fixtures; stderr says what"))
    }
  }
}
