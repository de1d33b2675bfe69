import LoopContracts

/// The reports of one conformance run, and their totals.
public struct ConformanceRun: Sendable {
  /// One report per contract run, in registry order.
  public let reports: [ContractReport]
  /// Wall time of the whole run, in seconds.
  public let durationSeconds: Double

  /// Creates a run from its reports.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - durationSeconds: The run's wall time.
  public init(reports: [ContractReport], durationSeconds: Double) {
    self.reports = reports
    self.durationSeconds = durationSeconds
  }

  /// Runs `contracts`, up to the runner's ``ContractRunner/Options/workers`` at a time.
  ///
  /// Reports come back in the order of `contracts`, and each is the same whatever the
  /// number of workers: only the times differ.
  ///
  /// - Parameters:
  ///   - contracts: The contracts.
  ///   - runner: The runner, with its options.
  /// - Returns: The run.
  public static func run(_ contracts: [AnyContract], with runner: ContractRunner) async
    -> ConformanceRun
  {
    let clock = ContinuousClock()
    let start = clock.now
    let reports = await orderedMap(contracts, width: runner.options.workers) { contract in
      await contract.run(with: runner)
    }
    let elapsed = start.duration(to: clock.now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return ConformanceRun(reports: reports, durationSeconds: seconds)
  }

  /// Checks passed and failed, over every report.
  public var totals: (passed: Int, failed: Int) {
    reports.reduce(into: (0, 0)) { totals, report in
      let counts = report.counts
      totals.0 += counts.checks - counts.failed
      totals.1 += counts.failed
    }
  }

  /// Whether every contract passed.
  public var passed: Bool { reports.allSatisfy(\.passed) }

  /// The contracts whose strength is below `percent`, or whose equivalence declarations are
  /// wrong, each as one line; empty when mutants were not run.
  ///
  /// - Parameter percent: The least strength accepted, from 0 to 100.
  /// - Returns: One line per contract that falls short.
  public func strengthShortfalls(below percent: Double) -> [String] {
    reports.compactMap { report in
      guard let strength = report.strength else { return nil }
      if strength.hasWrongDeclarations {
        return "\(report.contract): an equivalence declaration is wrong (see above)"
      }
      guard strength.percent < percent else { return nil }
      return "\(report.contract): strength \(TextReport.strength(strength)) is below \(percent)%"
    }
  }

  /// The closing line: `conformance: N passed, M failed`, counting checks.
  public var summaryLine: String {
    "conformance: \(totals.passed) passed, \(totals.failed) failed"
  }
}
