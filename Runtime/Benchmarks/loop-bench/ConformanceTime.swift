import ConformanceSuite
import LoopContracts

/// B6: how long `make conformance` spends on each app's contract, in a release build.
///
/// Every contract in `registeredContracts` runs through a ``ContractRunner`` with the options
/// `conformance` uses by default (breadth-first depth 6, seed 1), minus the regressions
/// directory: the benchmark measures the contract itself, not saved failure paths. A run's
/// seconds per contract come from the report (`durationSeconds`), the total from a clock
/// around the whole run; the explorer's states and steps per second come from each report's
/// exploration section.
enum ConformanceTime {
  /// What one run measured for one contract.
  struct Sample {
    /// The contract's name.
    var contract: String
    /// The runner's wall time for the contract, in seconds.
    var seconds: Double
    /// States the explorer visited.
    var statesExplored: Int
    /// Reducer steps the explorer took.
    var steps: Int
    /// The explorer's steps per second.
    var stepsPerSecond: Double
  }

  /// One run over every registered contract.
  struct Run {
    /// One sample per contract, in registry order.
    var contracts: [Sample]
    /// Wall time of the whole run, in seconds.
    var totalSeconds: Double
  }

  /// Runs every registered contract once.
  ///
  /// - Returns: The run's samples.
  /// - Throws: ``BenchError`` when a contract fails: its time would not be the time of a
  ///   passing conformance run.
  static func run() async throws -> Run {
    let runner = ContractRunner(options: .init(exploration: ExplorationLimits(depth: 6, seed: 1)))
    let clock = ContinuousClock()
    let start = clock.now
    var samples: [Sample] = []
    for contract in registeredContracts {
      let report = await contract.run(with: runner)
      guard report.passed else {
        throw BenchError(
          "B6 contract \(report.contract) failed: \(report.failures.prefix(3).joined(separator: "; "))"
        )
      }
      samples.append(
        Sample(
          contract: report.contract, seconds: report.durationSeconds,
          statesExplored: report.exploration.statesExplored, steps: report.exploration.steps,
          stepsPerSecond: report.exploration.stepsPerSecond))
    }
    let total = start.duration(to: clock.now).nanoseconds / 1e9
    return Run(contracts: samples, totalSeconds: total)
  }
}
