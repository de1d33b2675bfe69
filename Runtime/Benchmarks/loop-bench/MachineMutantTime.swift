import ConformanceSuite
import LoopContracts

/// B10: how long `make machine-mutants` spends running every contract against every
/// machine-derived mutant, and how many mutants it gets through per second, in a release build.
enum MachineMutantTime {
  /// One run over every registered contract.
  struct Run {
    /// Mutants run, over every contract.
    var mutants: Int
    /// Wall time of the whole run, in seconds.
    var totalSeconds: Double

    /// Mutants per second.
    var mutantsPerSecond: Double { totalSeconds > 0 ? Double(mutants) / totalSeconds : 0 }
  }

  /// Runs every registered contract's machine-derived mutants once.
  ///
  /// - Returns: The run.
  /// - Throws: ``BenchError`` when a contract falls short of 100%: its time would not be the
  ///   time of a passing `make machine-mutants`.
  static func run() async throws -> Run {
    let runner = ContractRunner(
      options: .init(exploration: ExplorationLimits(depth: 6, seed: 1), mutate: true))
    let clock = ContinuousClock()
    let start = clock.now
    var mutants = 0
    for contract in registeredContracts {
      let report = await contract.run(with: runner)
      guard let verdicts = report.machineMutants, verdicts.percent == 100,
        !verdicts.hasWrongDeclarations
      else {
        throw BenchError(
          "B10 contract \(report.contract) does not kill 100% of its machine mutants")
      }
      mutants += verdicts.mutants.count
    }
    return Run(mutants: mutants, totalSeconds: start.duration(to: clock.now).nanoseconds / 1e9)
  }
}
