import LoopContracts

/// Renders a run as one self-contained HTML page.
///
/// A summary line per contract, then per contract its state diagram (laid out by Graphviz),
/// failed checks, examples, invariants, laws, round trips, scenarios with their trajectories,
/// exploration and machine mutants; then the recordings replayed. No script, no network:
/// styles and diagrams are inline, and the page prints.
public enum HTMLReport {
  /// The page, each contract's diagram laid out by `dot` (``Graphviz``).
  ///
  /// - Parameters:
  ///   - run: The run.
  ///   - sourceMutants: What `make mutation` found, by app, to show in each contract.
  /// - Returns: The HTML text.
  /// - Throws: ``Graphviz/Failure`` when `dot` is missing or fails.
  public static func render(
    _ run: ConformanceRun, sourceMutants: [String: SourceMutants] = [:]
  ) throws(Graphviz.Failure) -> String {
    var diagrams: [String: String] = [:]
    for report in run.reports {
      diagrams[report.contract] = try Graphviz.svg(StateDiagram(report).dot)
    }
    return render(run, diagrams: diagrams, sourceMutants: sourceMutants)
  }

  /// The page with the diagrams given, by contract name (an SVG element each).
  ///
  /// - Parameters:
  ///   - run: The run.
  ///   - diagrams: Each contract's diagram; a contract without one shows its rows only.
  ///   - sourceMutants: What `make mutation` found, by app, to show in each contract.
  /// - Returns: The HTML text.
  public static func render(
    _ run: ConformanceRun, diagrams: [String: String],
    sourceMutants: [String: SourceMutants] = [:]
  ) -> String {
    var page = Page()
    page.add("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")
    page.add("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    page.add("<title>Conformance report</title>\n<style>\(style)</style>\n</head>\n<body>")
    summary(run, into: &page)
    for report in run.reports {
      contract(
        report, diagram: diagrams[report.contract], source: sourceMutants[report.contract],
        into: &page)
    }
    if !run.replays.isEmpty { recordings(run.replays, into: &page) }
    page.add("</body>\n</html>")
    return page.text
  }

  private static func summary(_ run: ConformanceRun, into page: inout Page) {
    page.add("<header id=\"summary\">")
    page.add("<h1>Conformance</h1>")
    page.add(
      "<p class=\"verdict \(run.passed ? "pass" : "fail")\">\(e(run.summaryLine))</p>")
    var facts = ["\(run.reports.count) contract(s)", "\(run.replays.count) recording(s)"]
    if let settings = run.settings {
      facts.append("seed \(settings.seed), depth \(settings.depth)")
      if settings.mutate { facts.append("machine mutants run") }
    }
    facts.append("\(seconds(run.durationSeconds))")
    page.add("<p class=\"facts\">\(e(facts.joined(separator: " · ")))</p>")
    page.add(
      "<table class=\"summary\"><thead><tr><th>contract</th><th>result</th><th>checks</th>"
        + "<th>failed</th><th>rows</th><th>machine mutants</th><th>time</th></tr></thead><tbody>")
    for report in run.reports {
      let counts = report.counts
      let exercised = report.table.filter { !$0.exercisedBy.isEmpty }.count
      let mutants = report.machineMutants.map(TextReport.machineMutantScore) ?? "not run"
      page.add(
        "<tr class=\"\(report.passed ? "pass" : "fail")\"><td><a href=\"#\(anchor(report.contract))\">"
          + "\(e(report.contract))</a></td><td>\(verdict(report.passed))</td>"
          + "<td>\(counts.checks)</td><td>\(counts.failed)</td>"
          + "<td>\(exercised)/\(report.table.count)</td><td>\(e(mutants))</td>"
          + "<td>\(seconds(report.durationSeconds))</td></tr>")
    }
    for replay in run.replays {
      page.add(
        "<tr class=\"\(replay.passed ? "pass" : "fail")\"><td><a href=\"#recordings\">"
          + "\(e(replay.path))</a></td><td>\(verdict(replay.passed))</td><td>1</td>"
          + "<td>\(replay.passed ? 0 : 1)</td><td>\(replay.steps) steps</td><td></td><td></td></tr>"
      )
    }
    page.add("</tbody></table>")
    page.add(
      "<p class=\"note\">Strength, the share of realistic bugs in an app's code a contract "
        + "catches, is measured by <code>make mutation</code>; the machine mutants here show "
        + "that every event and feedback is observed.</p>")
    page.add("</header>")
  }

  private static func contract(
    _ report: ContractReport, diagram: String?, source: SourceMutants?, into page: inout Page
  ) {
    page.add(
      "<section class=\"contract \(report.passed ? "pass" : "fail")\" id=\"\(anchor(report.contract))\">"
    )
    page.add("<h2>\(e(report.contract)) \(verdict(report.passed))</h2>")
    page.add("<figure class=\"diagram\">")
    page.add(diagram ?? "<p class=\"note\">No diagram: Graphviz was not run.</p>")
    page.add("<figcaption>\(legend)</figcaption></figure>")

    let failed = report.failedChecks
    if !failed.isEmpty {
      page.add("<h3>Failed checks (\(failed.count))</h3><ol class=\"failures\">")
      for check in failed {
        page.add("<li><p>\(e(check.rule.description))</p><pre>\(e(check.message))</pre></li>")
      }
      page.add("</ol>")
    }

    rows(
      "Examples (\(report.examples.count))", ["example", "result"],
      report.examples.map { [$0.name, $0.failure == nil ? "pass" : "fail"] }, into: &page)
    rows(
      "Invariants (\(report.invariants.count))", ["invariant", "states checked", "result"],
      report.invariants.map {
        [$0.name, "\($0.statesChecked)", $0.failure == nil ? "pass" : "fail"]
      }, into: &page)
    rows(
      "Laws (\(report.laws.count))", ["law", "steps checked", "result"],
      report.laws.map { [$0.name, "\($0.stepsChecked)", $0.failure == nil ? "pass" : "fail"] },
      into: &page)
    rows(
      "Round trips (\(report.roundTrips.count))", ["round trip", "states checked", "result"],
      report.roundTrips.map {
        [$0.name, "\($0.statesChecked)", $0.failure == nil ? "pass" : "fail"]
      }, into: &page)
    scenarios(report.scenarios, into: &page)
    exploration(report.exploration, into: &page)
    if let mutants = report.machineMutants { machineMutants(mutants, into: &page) }
    sourceMutants(source, of: report.contract, into: &page)
    page.add("</section>")
  }

  private static func sourceMutants(
    _ results: SourceMutants?, of contract: String, into page: inout Page
  ) {
    guard let results else {
      page.add(
        "<h3>Source-level mutants</h3><p class=\"note\">Not measured: <code>make mutation "
          + "APP=\(e(contract))</code> measures the strength and shows it here.</p>")
      return
    }
    let spent = results.poolSpent == true ? "; every mutant the code makes" : ""
    page.add(
      "<h3>Source-level mutants: strength \(e(results.summary)); \(e(results.scope))\(spent)"
        + "</h3>")
    rows(
      nil, ["where it acts", "mutated line", "verdict"],
      results.survivors.map { ["\($0.path):\($0.line)", $0.mutated, "survived"] }
        + results.equivalent.map {
          ["\($0.path):\($0.line)", $0.mutated, "equivalent: \($0.reason ?? "")"]
        }, into: &page)
  }

  private static func scenarios(_ scenarios: [ScenarioResult], into page: inout Page) {
    guard !scenarios.isEmpty else { return }
    page.add("<h3>Scenarios (\(scenarios.count))</h3><ul class=\"scenarios\">")
    for scenario in scenarios {
      let passed = scenario.failures.isEmpty && scenario.budgets.allSatisfy { $0.failure == nil }
      let moves = scenario.trajectories.reduce(0) { $0 + $1.count }
      page.add(
        "<li class=\"\(passed ? "pass" : "fail")\"><details><summary>\(verdict(passed)) "
          + "\(e(scenario.name)) <span class=\"note\">\(moves) move(s), "
          + "\(scenario.budgets.count) budget(s), \(seconds(scenario.durationSeconds))</span>"
          + "</summary>")
      for failure in scenario.failures { page.add("<pre class=\"failure\">\(e(failure))</pre>") }
      for budget in scenario.budgets {
        page.add(
          "<p class=\"budget\">\(e(budget.dependency)): \(e(budget.expected)), "
            + "\(budget.actualCount) call(s)\(budget.failure.map { ": " + e($0) } ?? "")</p>")
      }
      for (index, trajectory) in scenario.trajectories.enumerated() {
        let store = scenario.trajectories.count > 1 ? "store \(index + 1): " : ""
        let text =
          trajectory.isEmpty ? "no move" : trajectory.map(\.description).joined(separator: "\n")
        page.add("<pre class=\"trajectory\">\(e(store + (store.isEmpty ? "" : "\n") + text))</pre>")
      }
      page.add("</details></li>")
    }
    page.add("</ul>")
  }

  private static func exploration(_ exploration: ExplorationReport, into page: inout Page) {
    page.add(
      "<h3>Exploration</h3><p>\(exploration.statesExplored) states, \(exploration.steps) steps "
        + "to depth \(exploration.depth), \(exploration.randomWalks) random walks (seed "
        + "\(exploration.seed)), \(seconds(exploration.durationSeconds))</p>")
    if let limit = exploration.limitReached {
      page.add(
        "<p class=\"limit\">Stopped at \(limit.limit) (\(limit.value) states) in depth "
          + "\(limit.depth): states at that depth and deeper were not all searched.</p>")
    }
    if exploration.isPartial {
      page.add("<p class=\"limit\">Interrupted: this exploration is partial.</p>")
    }
    for failure in exploration.failures {
      var lines = [
        "events from initial state \(failure.initialState + 1): "
          + (failure.events.isEmpty ? "none" : failure.events.joined(separator: ", "))
      ]
      if let move = failure.move { lines.append("move: \(move)") }
      if let before = failure.before { lines.append("before: \(before)") }
      lines.append("state: \(failure.state)")
      page.add(
        "<div class=\"failure\"><p>\(e(failure.rule.description))</p>"
          + "<pre>\(e(lines.joined(separator: "\n")))</pre></div>")
    }
  }

  private static func machineMutants(_ report: MachineMutantReport, into page: inout Page) {
    page.add("<h3>Machine mutants: \(e(TextReport.machineMutantScore(report)))</h3>")
    rows(
      nil, ["mutant", "verdict"],
      report.mutants.map { mutant in
        let verdict =
          if let rule = mutant.killedBy {
            "killed by \(rule)"
          } else if let reason = mutant.equivalence {
            "equivalent: \(reason)"
          } else {
            "survived"
          }
        return [mutant.mutant, verdict]
      }, into: &page)
    for problem in report.problems { page.add("<p class=\"failure\">\(e(problem))</p>") }
  }

  private static func recordings(_ replays: [ReplayReport], into page: inout Page) {
    page.add("<section id=\"recordings\"><h2>Recordings replayed (\(replays.count))</h2><ul>")
    for replay in replays {
      page.add(
        "<li class=\"\(replay.passed ? "pass" : "fail")\">\(verdict(replay.passed)) "
          + "<code>\(e(replay.path))</code>: \(replay.steps) steps"
          + (replay.endedEarly.map { ", ended early (\(e($0)))" } ?? ""))
      if let failure = replay.failure {
        let step = failure.step.map { "step \($0), " } ?? ""
        page.add(
          "<p>\(e(step))\(e(failure.check.rawValue)) check:</p><pre>\(e(failure.message))</pre>")
      }
      page.add("</li>")
    }
    page.add("</ul></section>")
  }

  private static func rows(
    _ title: String?, _ header: [String], _ rows: [[String]], into page: inout Page
  ) {
    guard !rows.isEmpty else { return }
    if let title { page.add("<h3>\(e(title))</h3>") }
    page.add(
      "<table><thead><tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>")
    for row in rows {
      let failed = row.last == "fail" || row.last == "survived"
      page.add(
        "<tr\(failed ? " class=\"fail\"" : "")>" + row.map { "<td>\(e($0))</td>" }.joined()
          + "</tr>")
    }
    page.add("</tbody></table>")
  }

  private static var legend: String {
    StateDiagram.Coverage.allCases.map { coverage in
      let words =
        switch coverage {
        case .examples: "an example shows it"
        case .scenarios: "a scenario took it"
        case .exploration: "only exploration reached it"
        case .never: "never exercised (dashed)"
        }
      return "<span style=\"color:\(coverage.colour)\">■ \(words)</span>"
    }.joined(separator: " ")
      + " <span style=\"color:\(StateDiagram.survivorColour)\">■ a surviving mutant ignores it</span>"
      + " <span style=\"color:\(StateDiagram.undeclaredColour)\">■ undeclared move</span>"
      + " · hover an edge for its counts"
  }

  private static func verdict(_ passed: Bool) -> String {
    passed ? "<span class=\"badge pass\">pass</span>" : "<span class=\"badge fail\">FAIL</span>"
  }

  private static func seconds(_ value: Double) -> String {
    TextReport.format(value) + " s"
  }

  /// An element id for a contract's section.
  static func anchor(_ contract: String) -> String {
    "contract-" + String(contract.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
  }

  /// Text escaped for HTML (``Markup/escaped(_:)``), short because the page uses it everywhere.
  static func e(_ text: String) -> String {
    Markup.escaped(text)
  }

  private struct Page {
    var text = ""
    mutating func add(_ line: String) {
      text += line
      text += "\n"
    }
  }

  private static let style = """
    :root { color-scheme: light; }
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
      color: #111827; background: #fff; margin: 0 auto; max-width: 1240px; padding: 16px 20px; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 18px; margin: 0 0 8px; border-bottom: 1px solid #e5e7eb; padding-bottom: 4px; }
    h3 { font-size: 15px; margin: 16px 0 6px; }
    table { border-collapse: collapse; margin: 4px 0 8px; width: 100%; }
    th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #e5e7eb;
      vertical-align: top; }
    th { background: #f9fafb; font-weight: 600; }
    tr.fail td { background: #fef2f2; }
    .summary td:nth-child(n+3), .summary th:nth-child(n+3) { text-align: right; }
    .badge { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px;
      font-weight: 600; vertical-align: middle; }
    .badge.pass { background: #dcfce7; color: #166534; }
    .badge.fail { background: #fee2e2; color: #991b1b; }
    .verdict { font-weight: 600; margin: 4px 0; }
    .verdict.fail { color: #991b1b; }
    .facts, .note { color: #4b5563; font-size: 13px; }
    section { margin: 24px 0; page-break-inside: auto; }
    section.contract { border: 1px solid #e5e7eb; border-radius: 6px; padding: 12px 16px; }
    section.contract.fail { border-color: #fca5a5; }
    figure.diagram { margin: 8px 0; overflow-x: auto; text-align: center; }
    figure.diagram svg { max-width: 100%; height: auto; }
    figcaption { font-size: 12px; color: #4b5563; margin-top: 4px; }
    pre { background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 4px; padding: 6px 8px;
      white-space: pre-wrap; word-break: break-word; font-size: 12px; margin: 4px 0; }
    pre.failure, div.failure pre, ol.failures pre { border-color: #fca5a5; background: #fef2f2; }
    ul.scenarios { list-style: none; padding-left: 0; }
    ul.scenarios li { margin: 2px 0; }
    details summary { cursor: pointer; }
    @media print {
      body { max-width: none; padding: 0; font-size: 11px; }
      section.contract { break-inside: auto; border: none; padding: 0; }
      figure.diagram { break-inside: avoid; }
      details { display: block; }
      details > summary { list-style: none; }
      a { color: inherit; text-decoration: none; }
    }
    """
}
