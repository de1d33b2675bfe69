import LoopContracts

/// Why shard reports cannot be merged into one run.
public struct MergeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the shards.
  public let message: String

  /// Creates the error.
  ///
  /// - Parameter message: What is wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

extension ConformanceRun {
  /// The run that `parts`, the shards `1/N` to `N/N` of one conformance run, make together.
  ///
  /// Contracts and recordings come back in the order of the run's ``Plan``, each contract's
  /// verdicts on its mutants joined to its checks, so every report rendered from the result is
  /// the single run's but for the times; the duration is the slowest part's, as the parts run
  /// side by side.
  ///
  /// - Parameter parts: Every shard of one run, once each, in any order.
  /// - Returns: The whole run.
  /// - Throws: ``MergeError`` when a shard is missing or given twice, the parts are of runs
  ///   with different counts or options, or they plan different work (shards of different
  ///   registries).
  public static func merge(_ parts: [ConformanceRun]) throws(MergeError) -> ConformanceRun {
    guard let count = parts.first?.shard.count else {
      throw MergeError("no shard reports to merge")
    }
    if let other = parts.first(where: { $0.shard.count != count }) {
      throw MergeError(
        "shard \(other.shard) is of a run in \(other.shard.count) parts, shard "
          + "\(parts[0].shard) of one in \(count)")
    }
    let byIndex = Dictionary(grouping: parts, by: \.shard.index)
    if let twice = byIndex.first(where: { $0.value.count > 1 })?.key {
      throw MergeError("shard \(twice)/\(count) is given \(byIndex[twice]?.count ?? 0) times")
    }
    let missing = (1...count).filter { byIndex[$0] == nil }
    guard missing.isEmpty else {
      let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
      throw MergeError("shard \(names) \(missing.count == 1 ? "is" : "are") missing")
    }
    let ordered = (1...count).compactMap { byIndex[$0]?.first }
    try checkSameOptions(ordered)
    guard let plan = ordered[0].plan else {
      throw MergeError("shard \(ordered[0].shard) has no plan of the run's work")
    }
    if let other = ordered.first(where: { $0.plan != plan }) {
      throw MergeError(
        "shards \(ordered[0].shard) and \(other.shard) planned different work (contracts, "
          + "mutants or recordings): the shards are not of one run")
    }
    var reports: [String: ContractReport] = [:]
    var verdicts: [String: [Int: Verdict]] = [:]
    var replays: [String: ReplayReport] = [:]
    for part in ordered {
      for report in part.reports {
        guard reports.updateValue(report, forKey: report.contract) == nil else {
          throw MergeError("two shards hold the checks of \(report.contract)")
        }
      }
      for verdict in part.verdicts {
        guard
          verdicts[verdict.contract, default: [:]].updateValue(
            verdict, forKey: verdict.mutant) == nil
        else {
          throw MergeError("two shards hold mutant \(verdict.mutant) of \(verdict.contract)")
        }
      }
      for replay in part.replays { replays[replay.path] = replay }
    }
    var whole: [ContractReport] = []
    for (contract, count) in zip(plan.contracts, plan.machineMutants) {
      guard var report = reports[contract] else {
        throw MergeError("no shard holds the checks of \(contract)")
      }
      if count > 0, report.machineMutants?.mutants.count != count {
        let found = verdicts[contract] ?? [:]
        guard let missing = (0..<count).first(where: { found[$0] == nil }) else {
          // The mutants ran on several machines: their time is the sum of theirs.
          let mutants = (0..<count).compactMap { found[$0] }
          report = ContractRunner.report(
            report, with: mutants.map(\.result),
            seconds: mutants.reduce(0) { $0 + $1.durationSeconds })
          whole.append(report)
          continue
        }
        throw MergeError("no shard holds mutant \(missing) of \(contract)")
      }
      whole.append(report)
    }
    let recorded = try plan.recordings.map { path throws(MergeError) in
      guard let replay = replays[path] else {
        throw MergeError("no shard holds the replay of \(path)")
      }
      return replay
    }
    return ConformanceRun(
      reports: whole, replays: recorded,
      durationSeconds: ordered.map(\.durationSeconds).max() ?? 0, settings: ordered[0].settings,
      plan: plan)
  }

  /// Every part ran with the same settings.
  private static func checkSameOptions(_ parts: [ConformanceRun]) throws(MergeError) {
    guard let first = parts.first else { return }
    for part in parts.dropFirst() where part.settings != first.settings {
      throw MergeError(
        "shard \(first.shard) ran with \(describe(first.settings)), shard \(part.shard) with "
          + "\(describe(part.settings)): give every shard the same options")
    }
  }

  private static func describe(_ settings: Settings?) -> String {
    guard let settings else { return "unknown options" }
    return "--seed \(settings.seed) --depth \(settings.depth)"
      + (settings.mutate ? " --mutate" : "")
      + " (\(settings.maxStates) states, \(settings.randomWalks) walks of \(settings.walkLength))"
  }
}
