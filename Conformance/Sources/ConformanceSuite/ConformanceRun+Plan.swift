import LoopContracts

extension ConformanceRun {
  /// The work of a whole run, in the order shards count it: each contract's checks followed,
  /// with `--mutate`, by each of its machine-derived mutants; then each recording.
  ///
  /// Every shard writes the plan in its report, so `merge` knows every part it must find and
  /// can tell shards of different runs apart.
  public struct Plan: Hashable, Sendable, Codable {
    /// The contracts, in registry order.
    public var contracts: [String]
    /// How many machine mutants each contract is run against (0 without `--mutate`).
    public var machineMutants: [Int]
    /// The recordings, in path order.
    public var recordings: [String]

    /// A plan from its parts.
    ///
    /// - Parameters:
    ///   - contracts: The contracts, in order.
    ///   - machineMutants: Each contract's number of machine mutants.
    ///   - recordings: The recordings, in order.
    public init(contracts: [String], machineMutants: [Int], recordings: [String]) {
      self.contracts = contracts
      self.machineMutants = machineMutants
      self.recordings = recordings
    }

    /// The plan of a run of `contracts` and `recordings`.
    ///
    /// - Parameters:
    ///   - contracts: The contracts.
    ///   - recordings: The recordings.
    ///   - mutate: Whether machine mutants run.
    public init(_ contracts: [AnyContract], recordings: [String], mutate: Bool) {
      self.contracts = contracts.map(\.name)
      self.machineMutants = contracts.map { mutate ? $0.machineMutantCount : 0 }
      self.recordings = recordings
    }

    /// One part of the work.
    public enum Unit: Hashable, Sendable {
      /// The checks of the contract at this index.
      case checks(Int)
      /// The contract at this index run against its mutant of this number.
      case mutant(Int, Int)
      /// A recording replayed.
      case recording(String)
    }

    /// Every unit, in order.
    public var units: [Unit] {
      var units: [Unit] = []
      for (index, count) in machineMutants.enumerated() {
        units.append(.checks(index))
        units += (0..<count).map { .mutant(index, $0) }
      }
      return units + recordings.map(Unit.recording)
    }

    /// The units `shard` runs, in order.
    ///
    /// - Parameter shard: The part.
    /// - Returns: Its units.
    public func units(in shard: Shard) -> [Unit] {
      shard.part(of: units)
    }
  }

  /// A verdict on one machine mutant, run apart from its contract's checks.
  public struct Verdict: Hashable, Sendable, Codable {
    /// The contract.
    public var contract: String
    /// The mutant's number, from 0, in the order ``Mutant`` lists them.
    public var mutant: Int
    /// What the contract did to the mutant.
    public var result: MutantResult
    /// The time the run against the mutant took.
    public var durationSeconds: Double

    /// Creates a verdict.
    ///
    /// - Parameters:
    ///   - contract: The contract.
    ///   - mutant: The mutant's number.
    ///   - result: The verdict.
    ///   - durationSeconds: The time it took.
    public init(contract: String, mutant: Int, result: MutantResult, durationSeconds: Double) {
      self.contract = contract
      self.mutant = mutant
      self.result = result
      self.durationSeconds = durationSeconds
    }
  }
}
