import LoopContracts

/// The reports of one conformance run, and their totals.
public struct ConformanceRun: Sendable {
  /// One report per contract run, in registry order.
  public let reports: [ContractReport]
  /// One report per recording file replayed, in path order.
  public let replays: [ReplayReport]
  /// Wall time of the whole run, in seconds.
  public let durationSeconds: Double

  /// Creates a run from its reports.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - replays: The recording replays.
  ///   - durationSeconds: The run's wall time.
  public init(reports: [ContractReport], replays: [ReplayReport] = [], durationSeconds: Double) {
    self.reports = reports
    self.replays = replays
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
  ///   - recordings: Recording files to replay, each against the contract of its app.
  /// - Returns: The run.
  public static func run(
    _ contracts: [AnyContract], with runner: ContractRunner, recordings: [String] = []
  ) async -> ConformanceRun {
    let clock = ContinuousClock()
    let start = clock.now
    let reports = await orderedMap(contracts, width: runner.options.workers) { contract in
      await contract.run(with: runner)
    }
    let replays = await orderedMap(recordings, width: runner.options.workers) { path in
      await RecordingReplays.replay(path, with: contracts)
    }
    let elapsed = start.duration(to: clock.now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return ConformanceRun(reports: reports, replays: replays, durationSeconds: seconds)
  }

  /// Checks passed and failed, over every report.
  public var totals: (passed: Int, failed: Int) {
    let replayed = replays.filter(\.passed).count
    return reports.reduce(into: (replayed, replays.count - replayed)) { totals, report in
      let counts = report.counts
      totals.0 += counts.checks - counts.failed
      totals.1 += counts.failed
    }
  }

  /// Whether every contract passed and every recording replayed as recorded.
  public var passed: Bool { reports.allSatisfy(\.passed) && replays.allSatisfy(\.passed) }

  /// The contracts that kill under `percent` of their machine-derived mutants, or whose
  /// equivalence declarations are wrong, each as one line; empty when mutants were not run.
  ///
  /// - Parameter percent: The least share of mutants killed accepted, from 0 to 100.
  /// - Returns: One line per contract that falls short.
  public func machineMutantShortfalls(below percent: Double) -> [String] {
    reports.compactMap { report in
      guard let verdicts = report.machineMutants else { return nil }
      if verdicts.hasWrongDeclarations {
        return "\(report.contract): an equivalence declaration is wrong (see above)"
      }
      guard verdicts.percent < percent else { return nil }
      return "\(report.contract): machine mutants \(TextReport.machineMutantScore(verdicts)) "
        + "is below \(percent)%"
    }
  }

  /// The closing line: `conformance: N passed, M failed`, counting checks.
  public var summaryLine: String {
    "conformance: \(totals.passed) passed, \(totals.failed) failed"
  }
}
