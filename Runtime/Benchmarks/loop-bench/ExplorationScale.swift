import Foundation
import Loop
import LoopContracts
import TrailsContract
import TrailsFeature

/// B13: the explorer on trails' contract to depth 8: steps a second and bytes per state
/// visited, against a plain breadth-first search over the same machine that keeps every
/// visited state whole in a `Set` (the baseline), doing the same work per step (alphabet,
/// reduce, phases, the table's row, the laws, a new state's invariants).
///
/// Memory is the growth of the peak resident size of a fresh child process (this executable
/// started with ``childFlag``), as B4 measures it: a second search in one process would reuse
/// the pages the first one freed.
enum ExplorationScale {
  /// The depth searched.
  static let depth = 8
  /// The argument that makes this executable run one search and print its figures.
  static let childFlag = "--exploration-child"

  /// What one child measured.
  struct Sample {
    var states: Int
    var steps: Int
    var seconds: Double
    /// Growth of the peak resident size over the search, in bytes.
    var peakGrowth: Int

    var stepsPerSecond: Double { Double(steps) / max(seconds, 1e-9) }
    var bytesPerState: Double { Double(peakGrowth) / Double(max(states, 1)) }
  }

  /// Runs the explorer and the baseline `runs` times each, alternating, in fresh processes.
  ///
  /// - Returns: The explorer's samples and the baseline's.
  /// - Throws: When a child cannot be started, fails, or prints something unexpected.
  static func run(_ runs: Int) throws -> (explorer: [Sample], baseline: [Sample]) {
    var explorer: [Sample] = []
    var baseline: [Sample] = []
    for _ in 0..<runs {
      explorer.append(try sample("explorer"))
      baseline.append(try sample("baseline"))
    }
    return (explorer, baseline)
  }

  private static func sample(_ which: String) throws -> Sample {
    let text = try Bench.child([childFlag, which], for: "B13")
    let fields = text.split(whereSeparator: \.isWhitespace)
    guard fields.count == 4,
      let states = Int(fields[0]), let steps = Int(fields[1]), let seconds = Double(fields[2]),
      let peak = Int(fields[3])
    else {
      throw BenchError("B13 child printed \(text.debugDescription)")
    }
    return Sample(states: states, steps: steps, seconds: seconds, peakGrowth: peak)
  }

  /// The child's work: one search, then a line `states steps seconds peakGrowth`.
  static func measureInChild() throws {
    let baseline = CommandLine.arguments.dropFirst(2).first == "baseline"
    let before = try ProcessStatus.read()
    let clock = ContinuousClock()
    let start = clock.now
    let (states, steps) =
      baseline
      ? setSearch(Trails.contract, depth: depth)
      : explore(Trails.contract, depth: depth)
    let elapsed = start.duration(to: clock.now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let after = try ProcessStatus.read()
    print(states, steps, seconds, after.peakResidentBytes - before.peakResidentBytes)
  }

  /// The explorer, breadth-first only (no random walks), on one thread.
  private static func explore<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ contract: Contract<M, Phase, Kind>, depth: Int
  ) -> (states: Int, steps: Int) where M.State: Hashable, M.Event: Codable {
    let limits = ExplorationLimits(depth: depth, maxStates: 50_000_000, randomWalks: 0)
    let outcome = Explorer(contract, limits: limits).run()
    precondition(outcome.report.failures.isEmpty, "trails broke its contract in B13")
    precondition(outcome.report.limitReached == nil, "B13 reached the explorer's limit")
    return (outcome.report.statesExplored, outcome.report.steps)
  }

  /// The baseline: breadth-first over whole states kept in a `Set`, with the checks the
  /// explorer makes at each step.
  private static func setSearch<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ contract: Contract<M, Phase, Kind>, depth: Int
  ) -> (states: Int, steps: Int) where M.State: Hashable, M.Event: Codable {
    let rows = Set(contract.table)
    var visited = Set(contract.initialStates)
    var frontier = Array(visited)
    var steps = 0
    var problems = 0
    for _ in 0..<depth where !frontier.isEmpty {
      var next: [M.State] = []
      for state in frontier {
        for event in contract.alphabet(state) {
          var after = state
          M.reducer(&after, event)
          steps += 1
          if let move = contract.move(from: state, on: event, to: after), !rows.contains(move) {
            problems += 1
          }
          problems += contract.judge(state, event, after).broken.count
          if visited.insert(after).inserted {
            problems += contract.invariants.filter { !$0.holds(after) }.count
            next.append(after)
          }
        }
      }
      frontier = next
    }
    precondition(problems == 0, "trails broke its contract in B13's baseline")
    return (visited.count, steps)
  }
}
