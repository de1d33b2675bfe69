import LoopContracts

/// Renders a run as JUnit XML, which CI tools read: one test suite per contract, one test case
/// per example, invariant, scenario, budget, table check and regression.
public enum JUnitReport {
  /// The run as a JUnit XML document.
  ///
  /// - Parameter run: The run.
  /// - Returns: The XML text, ending with a newline.
  public static func render(_ run: ConformanceRun) -> String {
    let totals = run.totals
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="conformance" tests="\#(totals.passed + totals.failed)" failures="\#(totals.failed)" time="\#(run.durationSeconds)">"#,
    ]
    for report in run.reports {
      let cases = testCases(report)
      let failures = cases.filter { $0.failure != nil }.count
      lines.append(
        #"  <testsuite name="\#(Markup.escaped(report.contract))" tests="\#(cases.count)" failures="\#(failures)" time="\#(report.durationSeconds)">"#
      )
      for testCase in cases {
        lines += testCaseLines(
          #"    <testcase classname="\#(Markup.escaped(report.contract)).\#(testCase.group)" name="\#(Markup.escaped(testCase.name))" time="\#(testCase.time)""#,
          failure: testCase.failure)
      }
      lines.append("  </testsuite>")
    }
    if !run.replays.isEmpty {
      let failures = run.replays.filter { !$0.passed }.count
      lines.append(
        #"  <testsuite name="recordings" tests="\#(run.replays.count)" failures="\#(failures)">"#)
      for replay in run.replays {
        lines += testCaseLines(
          #"    <testcase classname="recordings" name="\#(Markup.escaped(replay.path))""#,
          failure: replay.failure?.message)
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One `<testcase>` element from its opening tag's start: closed at once when it passed,
  /// else holding a `<failure>` whose `message` is the failure's first line.
  private static func testCaseLines(_ opening: String, failure: String?) -> [String] {
    guard let failure else { return [opening + "/>"] }
    let headline = failure.split(separator: "\n").first.map(String.init) ?? failure
    return [
      opening + ">",
      #"      <failure message="\#(Markup.escaped(headline))">\#(Markup.escaped(failure))</failure>"#,
      "    </testcase>",
    ]
  }

  private struct TestCase {
    let group: String
    let name: String
    let time: Double
    let failure: String?
  }

  private static func testCases(_ report: ContractReport) -> [TestCase] {
    var cases = report.examples.map {
      TestCase(group: "examples", name: $0.name, time: 0, failure: $0.failure)
    }
    cases += report.invariants.map {
      TestCase(
        group: "invariants", name: "\($0.name) (\($0.statesChecked) states)", time: 0,
        failure: $0.failure)
    }
    cases += report.laws.map {
      TestCase(
        group: "laws", name: "\($0.name) (\($0.stepsChecked) steps)", time: 0,
        failure: $0.failure)
    }
    cases += report.roundTrips.map {
      TestCase(
        group: "round trips", name: "\($0.name) (\($0.statesChecked) states)", time: 0,
        failure: $0.failure)
    }
    for scenario in report.scenarios {
      cases.append(
        TestCase(
          group: "scenarios", name: scenario.name, time: scenario.durationSeconds,
          failure: scenario.failures.isEmpty ? nil : scenario.failures.joined(separator: "\n")))
      cases += scenario.budgets.map {
        TestCase(
          group: "budgets", name: "\(scenario.name): \($0.dependency) \($0.expected)", time: 0,
          failure: $0.failure)
      }
    }
    let undeclared =
      report.undeclaredMoves.map { "\($0.move) (\($0.source)): \($0.path)" }
      + report.tableProblems
    cases.append(
      TestCase(
        group: "table", name: "every observed move is declared, every row exercised",
        time: report.exploration.durationSeconds,
        failure: undeclared.isEmpty ? nil : undeclared.joined(separator: "\n")))
    cases += report.regressions.map {
      TestCase(group: "regressions", name: $0.file, time: 0, failure: $0.failure)
    }
    for mutant in report.machineMutants?.mutants ?? [] {
      let failure: String? =
        switch (mutant.killedBy, mutant.equivalence) {
        case (nil, nil): "nothing in the \(report.contract) contract notices when \(mutant.mutant)"
        case (let rule?, _?): "declared equivalent, but \(rule) kills it: remove the declaration"
        default: nil
        }
      let name =
        mutant.equivalence.map { "\(mutant.mutant) (equivalent: \($0))" } ?? mutant.mutant
      cases.append(TestCase(group: "machine mutants", name: name, time: 0, failure: failure))
    }
    return cases
  }

}
