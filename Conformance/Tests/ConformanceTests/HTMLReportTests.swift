import ConformanceSuite
import Foundation
import Testing

@testable import LoopContracts

/// The HTML report's page and diagrams, without a browser (scripts/report-check has one).
struct HTMLReportTests {
  private func run(_ contracts: [AnyContract]) async -> ConformanceRun {
    await ConformanceRun.run(
      contracts, with: ContractRunner(options: .init(exploration: .init(depth: 4, seed: 3))))
  }

  private func row(_ from: String, _ event: String, _ to: String, _ sources: [String])
    -> RowCoverage
  {
    RowCoverage(move: ReportedMove(from: from, event: event, to: to), exercisedBy: sources)
  }

  @Test func eachRowIsColouredByHowItWasExercisedAndAGapIsDashed() {
    var report = ContractReport(contract: "lamp")
    report.table = [
      row("off", "press", "on", ["example: press", "exploration"]),
      row("on", "press", "off", ["scenario: twice"]),
      row("on", "dim", "on", ["exploration"]),
      row("on", "flicker", "on", []),
    ]
    let dot = StateDiagram(report).dot
    #expect(
      dot.contains("\"off\" -> \"on\" [id=\"edge-0\", label=<<font color=\"#1d4ed8\">press</font>>")
    )
    #expect(
      dot.contains("\"on\" -> \"off\" [id=\"edge-1\", label=<<font color=\"#15803d\">press</font>>")
    )
    // Two rows on one edge: each event in its colour, the edge in the weaker one's, dashed.
    #expect(
      dot.contains(
        "label=<<font color=\"#6b7280\">dim</font><br/><font color=\"#dc2626\">flicker</font>>, "
          + "color=\"#dc2626\", style=dashed"))
    #expect(dot.contains("on --flicker--> on: 0 example(s), 0 scenario(s), exploration no"))
  }

  @Test func anUndeclaredMoveAndASurvivingMutantsRowsAreMarked() {
    var report = ContractReport(contract: "lamp")
    report.table = [row("off", "press", "on", ["exploration"])]
    report.undeclaredMoves = [
      UndeclaredMove(
        move: ReportedMove(from: "on", event: "press", to: "on"), source: "exploration",
        path: "press, press")
    ]
    var mutants = MachineMutantReport()
    mutants.mutants = [
      MutantResult(mutant: "`press` is ignored by the reducer", ignoredEvent: "press")
    ]
    report.machineMutants = mutants
    let dot = StateDiagram(report).dot
    #expect(dot.contains("<font color=\"#ea580c\">press (survivor)</font>"))
    #expect(dot.contains("a surviving mutant ignores press"))
    #expect(dot.contains("<font color=\"#b91c1c\">press (undeclared)</font>"))
    #expect(
      dot.contains("on --press--> on: not in the table, seen in exploration after press, press"))
  }

  @Test func aFailingContractsSectionShowsItsFailuresEscapedAndTheSummaryMarksIt() async {
    let page = HTMLReport.render(
      await run([
        AnyContract(Dial.contract(broken: false)), AnyContract(Dial.contract(broken: true)),
      ]),
      diagrams: ["dial": "<svg id=\"dial-diagram\"></svg>"])
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(!page.contains("<script"), "the page runs no script")
    #expect(page.contains("<section class=\"contract pass\" id=\"contract-dial\">"))
    #expect(page.contains("<svg id=\"dial-diagram\"></svg>"))
    let broken = page.range(of: "<section class=\"contract fail\" id=\"contract-broken-dial\">")
    #expect(broken != nil)
    let section = broken.map { String(page[$0.lowerBound...]) } ?? ""
    #expect(section.contains("<h3>Failed checks (3)</h3>"))
    #expect(section.contains("row high --turn--&gt; low is never exercised"))
    #expect(section.contains("No diagram: Graphviz was not run."))
    #expect(
      page.contains("<tr class=\"fail\"><td><a href=\"#contract-broken-dial\">broken-dial</a>"))
    #expect(page.contains("conformance: 4 passed, 2 failed"))
  }

  @Test func aScenariosTrajectoryIsListedMoveByMove() {
    var report = ContractReport(contract: "lamp")
    report.scenarios = [
      ScenarioResult(
        name: "press <twice>", failures: [], budgets: [], durationSeconds: 0.5,
        trajectories: [
          [
            ReportedMove(from: "off", event: "press", to: "on"),
            ReportedMove(from: "on", event: "press", to: "off"),
          ]
        ])
    ]
    let page = HTMLReport.render(
      ConformanceRun(reports: [report], durationSeconds: 1), diagrams: [:])
    #expect(
      page.contains("press &lt;twice&gt; <span class=\"note\">2 move(s), 0 budget(s), 0.50 s"))
    #expect(
      page.contains("<pre class=\"trajectory\">off --press--&gt; on\non --press--&gt; off</pre>"))
  }
}

/// `make mutation`'s results, as scripts/mutation writes them, in the HTML report.
struct SourceMutantsTests {
  @Test func anAppsStrengthAndEachSurvivorsPlaceAreShownInItsContract() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mutation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // As scripts/mutation's write_results writes it.
    let written = """
      {"app": "lamp", "equivalent": [{"line": 7, "mutated": "max(b, a)",
        "path": "Apps/Lamp/Sources/Lamp.swift", "reason": "max is symmetric"}],
       "format_version": 1, "judged": 17, "killed": 16, "scope": "seed 1, sample 60",
       "interval_low": 76.4, "interval_high": 98.9, "pool_spent": true,
       "survivors": [{"line": 12, "mutated": "if a <= b {", "path": "Apps/Lamp/Sources/Lamp.swift"}]}
      """
    try Data(written.utf8).write(to: folder.appendingPathComponent("lamp.json"))
    try Data("not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
    let results = SourceMutants.read(from: folder.path)
    #expect(Array(results.keys) == ["lamp"])

    let page = HTMLReport.render(
      ConformanceRun(
        reports: [ContractReport(contract: "lamp"), ContractReport(contract: "dial")],
        durationSeconds: 1),
      diagrams: [:], sourceMutants: results)
    #expect(
      page.contains(
        "<h3>Source-level mutants: strength 94% (16 of 17 killed, 90% interval 76–99%); "
          + "seed 1, sample 60; every mutant the code makes</h3>"))
    #expect(
      page.contains(
        "<tr class=\"fail\"><td>Apps/Lamp/Sources/Lamp.swift:12</td><td>if a &lt;= b {</td>"
          + "<td>survived</td></tr>"))
    #expect(page.contains("<td>equivalent: max is symmetric</td>"))
    #expect(page.contains("Not measured: <code>make mutation APP=dial</code>"))
  }
}
