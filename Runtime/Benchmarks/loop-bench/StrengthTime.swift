import ConformanceSuite
import LoopContracts

/// B10: how long `make strength` spends running every contract against every mutant, and
/// how many mutants it gets through per second, in a release build.
enum StrengthTime {
  /// One run over every registered contract.
  struct Run {
    /// Mutants run, over every contract.
    var mutants: Int
    /// Wall time of the whole run, in seconds.
    var totalSeconds: Double

    /// Mutants per second.
    var mutantsPerSecond: Double { totalSeconds > 0 ? Double(mutants) / totalSeconds : 0 }
  }

  /// Measures every registered contract's strength once.
  ///
  /// - Returns: The run.
  /// - Throws: ``BenchError`` when a contract falls short of 100%: its time would not be the
  ///   time of a passing `make strength`.
  static func run() async throws -> Run {
    let runner = ContractRunner(
      options: .init(exploration: ExplorationLimits(depth: 6, seed: 1), mutate: true))
    let clock = ContinuousClock()
    let start = clock.now
    var mutants = 0
    for contract in registeredContracts {
      let report = await contract.run(with: runner)
      guard let strength = report.strength, strength.percent == 100,
        !strength.hasWrongDeclarations
      else {
        throw BenchError("B10 contract \(report.contract) is not at 100% strength")
      }
      mutants += strength.mutants.count
    }
    return Run(mutants: mutants, totalSeconds: start.duration(to: clock.now).nanoseconds / 1e9)
  }
}
