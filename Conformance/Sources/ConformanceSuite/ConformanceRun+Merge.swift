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
  /// Contracts and recordings come back in the single run's order (``Shard``), so every report
  /// rendered from the result is the single run's but for the times; the duration is the
  /// slowest part's, as the parts run side by side.
  ///
  /// - Parameter parts: Every shard of one run, once each, in any order.
  /// - Returns: The whole run.
  /// - Throws: ``MergeError`` when a shard is missing or given twice, the parts are of runs
  ///   with different counts, seeds, depths or mutants, or they do not fit together (shards
  ///   of different registries).
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

    // Deal the units back: position p of the single run is the next unit of shard p % N.
    var queues = ordered.map { part in
      part.reports.map(Merged.report)[...] + part.replays.map(Merged.replay)
    }
    let total = queues.reduce(0) { $0 + $1.count }
    var reports: [ContractReport] = []
    var replays: [ReplayReport] = []
    for position in 0..<total {
      guard let unit = queues[position % count].popFirst() else {
        throw MergeError(
          "shard \(position % count + 1)/\(count) holds fewer contracts and recordings than its "
            + "place in the run needs: the shards are not of one run")
      }
      switch unit {
      case .report(let report):
        guard replays.isEmpty else {
          throw MergeError(
            "contract \(report.contract) comes after a recording: the shards are not of one run")
        }
        reports.append(report)
      case .replay(let replay): replays.append(replay)
      }
    }
    return ConformanceRun(
      reports: reports, replays: replays,
      durationSeconds: ordered.map(\.durationSeconds).max() ?? 0, settings: ordered[0].settings)
  }

  private enum Merged {
    case report(ContractReport)
    case replay(ReplayReport)
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
