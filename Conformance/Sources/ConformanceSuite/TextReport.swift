import Foundation
import LoopContracts

/// Renders a run as the table `make conformance` prints, then each failure, then the totals.
public struct TextReport: Sendable {
  /// Whether to color pass and fail (only on a terminal, and not under `NO_COLOR`).
  public let useColor: Bool

  /// Creates a renderer.
  ///
  /// - Parameter useColor: Whether to use ANSI colors.
  public init(useColor: Bool) {
    self.useColor = useColor
  }

  /// The report as text, ending with the summary line.
  ///
  /// - Parameter run: The run.
  /// - Returns: Lines joined by newlines, with a final newline.
  public func render(_ run: ConformanceRun) -> String {
    guard !run.reports.isEmpty else {
      return """
        conformance: no contracts are registered yet; add one to \
        Conformance/Sources/ConformanceSuite/Registry.swift
        \(run.summaryLine)

        """
    }
    let mutated = run.reports.contains { $0.machineMutants != nil }
    let header =
      [
        "app", "examples", "table", "invariants (states)", "laws (steps)", "round trips (states)",
        "scenarios", "budgets", "explored",
      ] + (mutated ? ["machine mutants"] : []) + ["time", "result"]
    let rows = run.reports.map { row($0, mutated: mutated) }
    let widths = header.indices.map { column in
      ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == cells.count - 1 ? cell : cell.padding(to: widths[index])
      }.joined(separator: "  ")
    }
    var lines = [line(header)]
    for (report, cells) in zip(run.reports, rows) {
      var cells = cells
      cells[cells.count - 1] = paint(report.passed ? "pass" : "FAIL", passed: report.passed)
      lines.append(line(cells))
    }
    for report in run.reports {
      if let verdicts = report.machineMutants {
        lines += machineMutantLines(verdicts, of: report.contract)
      }
      if !report.passed {
        lines.append("")
        lines.append(
          paint("\(report.contract): \(report.failures.count) failure(s)", passed: false))
        for failure in report.failures {
          let indented = failure.split(separator: "\n", omittingEmptySubsequences: false)
          lines.append("  - " + indented.joined(separator: "\n    "))
        }
      }
    }
    lines += explorationLines(run.reports)
    lines += scheduleLines(run.reports)
    lines += replayLines(run.replays)
    lines.append("")
    lines += Self.legend(mutated: mutated)
    let chance = run.reports.compactMap(\.exploration.fingerprintCollisionChance).max()
    if let chance, chance > 0 {
      lines.append(
        "explored states are kept as 64-bit fingerprints: the chance that two of them "
          + "collided (one state taken for another) is \(Self.chance(chance)) at most")
    }
    lines.append("")
    lines.append(
      "\(run.reports.count) contract(s) in \(Self.format(run.durationSeconds)) s")
    lines.append(run.summaryLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each exploration that stopped early: at a limit (which one, at what depth), or
  /// interrupted.
  func explorationLines(_ reports: [ContractReport]) -> [String] {
    let stopped = reports.filter {
      $0.exploration.limitReached != nil || $0.exploration.isPartial
    }
    guard !stopped.isEmpty else { return [] }
    var lines = ["", "explorations that stopped early:"]
    for report in stopped {
      let exploration = report.exploration
      if let limit = exploration.limitReached {
        lines.append(
          "  \(report.contract): stopped at \(limit.limit) (\(limit.value) states) in depth "
            + "\(limit.depth): states at depth \(limit.depth) and deeper were not all searched; "
            + "lower --depth, or raise --max-states")
      }
      if exploration.isPartial {
        lines.append(
          "  \(report.contract): interrupted in depth \(exploration.depth) after "
            + "\(exploration.statesExplored) states: the report is partial")
      }
    }
    return lines
  }

  /// A probability as `3e-12`, or `below 1e-15`.
  static func chance(_ value: Double) -> String {
    guard value >= 1e-15 else { return "below 1e-15" }
    let exponent = Int((Foundation.log10(value)).rounded(.down))
    let mantissa = Int((value / Foundation.pow(10, Double(exponent))).rounded(.up))
    return mantissa >= 10 ? "1e\(exponent + 1)" : "\(mantissa)e\(exponent)"
  }

  /// When scenarios ran under more than one schedule: per contract, the runs and the
  /// distinct trajectories they took, naming the scenarios whose trajectory changed with the
  /// schedule.
  func scheduleLines(_ reports: [ContractReport]) -> [String] {
    let explored = reports.filter { $0.scenarios.contains { $0.schedules > 1 } }
    guard !explored.isEmpty else { return [] }
    var lines = ["", "schedules (conformance --schedules N): scenario runs, distinct trajectories"]
    for report in explored {
      let runs = report.scenarios.map(\.schedules).reduce(0, +)
      let distinct = report.scenarios.map(\.distinctTrajectories).reduce(0, +)
      let searched = report.scenarios.filter { $0.allSchedulesRun == true }.count
      let all = searched > 0 ? ", \(searched) searched to the bound" : ""
      lines.append(
        "  \(report.contract): \(runs) runs of \(report.scenarios.count) scenarios, "
          + "\(distinct) distinct trajectories\(all)")
      for scenario in report.scenarios where scenario.distinctTrajectories > 1 {
        let every = scenario.allSchedulesRun == true ? " (every schedule within the bound)" : ""
        lines.append(
          "    \(scenario.name): \(scenario.distinctTrajectories) trajectories in "
            + "\(scenario.schedules) runs\(every)")
      }
      for scenario in report.scenarios where !scenario.escapedWork.isEmpty {
        lines.append(
          "    \(scenario.name): work outside the schedule resumed "
            + "\(scenario.escapedWork.joined(separator: ", ")), so its order is not only the "
            + "schedule's")
      }
    }
    return lines
  }

  /// One line per replayed recording, and the message of each that failed.
  func replayLines(_ replays: [ReplayReport]) -> [String] {
    guard !replays.isEmpty else { return [] }
    var lines = ["", "recordings replayed (conformance --replay FILE):"]
    for replay in replays {
      lines.append(
        "  \(paint(replay.passed ? "pass" : "FAIL", passed: replay.passed))  \(replay.path) "
          + "(\(replay.steps) steps)")
      if let failure = replay.failure {
        let indented = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
        lines.append("    " + indented.joined(separator: "\n    "))
      }
    }
    return lines
  }

  /// What each column counts, under the table.
  static func legend(mutated: Bool) -> [String] {
    [
      "examples: rows passed on the reducer and a live store; table: rows exercised; "
        + "invariants: rules holding (in the states explored)",
      "laws: rules over steps holding (in the steps explored, what each event may and may not "
        + "change); round trips: codecs giving back what they were given (on sampled states)",
      "scenarios and budgets: destination tests and call budgets kept; explored: distinct "
        + "states reached by exploration (the same for a given seed)",
    ]
      + (mutated
        ? [
          "machine mutants: mutants derived from the machine (an event kind ignored, a "
            + "feedback removed, ...) killed of those not declared equivalent: every event and "
            + "feedback is observed; what each does is measured by make mutation "
            + "(source-level strength, docs/CONTRACTS.md)"
        ] : [])
  }

  /// The survivors, each in one sentence, then the mutants declared equivalent.
  private func machineMutantLines(_ strength: MachineMutantReport, of contract: String)
    -> [String]
  {
    var lines: [String] = []
    if !strength.survivors.isEmpty {
      lines.append("")
      lines.append(
        paint("\(contract): \(strength.survivors.count) mutant(s) survived", passed: false))
      lines += strength.survivors.map {
        "  - nothing in the \(contract) contract notices when \($0.mutant)"
      }
    }
    let wrong =
      strength.wronglyEquivalent.map {
        "  - \($0.mutant) is declared equivalent, but \($0.killedBy.map { "\($0)" } ?? "a check") "
          + "kills it: remove the declaration"
      } + strength.problems.map { "  - \($0)" }
    if !wrong.isEmpty {
      lines.append("")
      lines.append(paint("\(contract): wrong equivalence declarations", passed: false))
      lines += wrong
    }
    if !strength.equivalent.isEmpty {
      lines.append("")
      lines.append("\(contract): mutants declared equivalent:")
      lines += strength.equivalent.map { "  - \($0.mutant): \($0.equivalence ?? "")" }
    }
    return lines
  }

  private func row(_ report: ContractReport, mutated: Bool) -> [String] {
    func ratio<T>(_ items: [T], _ failed: (T) -> Bool) -> String {
      "\(items.count - items.filter(failed).count)/\(items.count)"
    }
    let covered = report.table.filter { !$0.exercisedBy.isEmpty }.count
    let states = report.invariants.map(\.statesChecked).max() ?? 0
    let budgets = report.scenarios.flatMap(\.budgets)
    return [
      report.contract,
      ratio(report.examples) { $0.failure != nil },
      "\(covered)/\(report.table.count) rows"
        + (report.undeclaredMoves.isEmpty ? "" : " +undeclared"),
      ratio(report.invariants) { $0.failure != nil } + " (\(states))",
      ratio(report.laws) { $0.failure != nil }
        + " (\(report.laws.map(\.stepsChecked).reduce(0, +)))",
      ratio(report.roundTrips) { $0.failure != nil }
        + " (\(report.roundTrips.map(\.statesChecked).reduce(0, +)))",
      ratio(report.scenarios) { !$0.failures.isEmpty },
      ratio(budgets) { $0.failure != nil },
      "\(report.exploration.statesExplored) states, \(Self.rate(report.exploration.stepsPerSecond)) steps/s"
        + (report.exploration.limitReached == nil ? "" : ", limit")
        + (report.exploration.isPartial ? ", partial" : ""),
    ]
      + (mutated ? [Self.machineMutantColumn(report)] : []) + [
        "\(Self.format(report.durationSeconds + (report.machineMutants?.durationSeconds ?? 0))) s",
        report.passed ? "pass" : "FAIL",
      ]
  }

  private func paint(_ text: String, passed: Bool) -> String {
    guard useColor else { return text }
    return (passed ? "\u{1B}[32m" : "\u{1B}[31;1m") + text + "\u{1B}[0m"
  }

  /// The machine mutants' score, or `not run` for a contract that fails without any mutant
  /// (every mutant would be "killed" by its own failures, so no figure is given).
  private static func machineMutantColumn(_ report: ContractReport) -> String {
    guard let verdicts = report.machineMutants else { return "-" }
    return !report.passed && verdicts.mutants.isEmpty ? "not run" : machineMutantScore(verdicts)
  }

  /// `11/11 (100%), 2 equivalent`.
  static func machineMutantScore(_ strength: MachineMutantReport) -> String {
    let counted = strength.mutants.count - strength.equivalent.count
    let percent = Int(strength.percent.rounded(.down))
    let equivalent = strength.equivalent.isEmpty ? "" : ", \(strength.equivalent.count) equivalent"
    return "\(strength.killed)/\(counted) (\(percent)%)\(equivalent)"
  }

  static func format(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  static func rate(_ perSecond: Double) -> String {
    switch perSecond {
    case 1_000_000...: "\(Int(perSecond / 100_000) / 10).\(Int(perSecond / 100_000) % 10)M"
    case 1_000...: "\(Int(perSecond / 1_000))k"
    default: "\(Int(perSecond))"
    }
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
