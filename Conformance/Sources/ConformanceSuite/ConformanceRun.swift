import LoopContracts

/// The reports of one conformance run, and their totals.
public struct ConformanceRun: Sendable {
  /// One report per contract run, in registry order.
  public let reports: [ContractReport]
  /// One report per recording file replayed, in path order.
  public let replays: [ReplayReport]
  /// Wall time of the whole run, in seconds; for a merged run, its slowest part's.
  public let durationSeconds: Double
  /// The part of the work this run did: ``Shard/whole`` but for `--shard K/N`.
  public let shard: Shard
  /// The options the contracts ran with, which every shard of a run must share; `nil` for a
  /// run put together from reports alone.
  public let settings: Settings?
  /// The whole run's work, which every shard of it shares; `nil` for a run put together
  /// from reports alone.
  public let plan: Plan?
  /// Verdicts on machine mutants this part ran apart from their contract's checks (a
  /// shard's), to join with ``ContractRunner/report(_:with:seconds:)`` when merging; empty
  /// for a whole run, whose reports hold theirs.
  public let verdicts: [Verdict]

  /// The options of a run that decide its reports: the exploration's limits and seed, and
  /// whether machine mutants ran.
  public struct Settings: Hashable, Sendable, Codable {
    /// The breadth-first depth limit (`--depth`).
    public var depth: Int
    /// The seed of the random walks (`--seed`).
    public var seed: UInt64
    /// The most states explored.
    public var maxStates: Int
    /// Random walks after the breadth-first search.
    public var randomWalks: Int
    /// Steps per random walk.
    public var walkLength: Int
    /// Whether machine-derived mutants ran (`--mutate`).
    public var mutate: Bool
    /// The schedules each scenario ran under (`--schedules`).
    public var schedules = 1
    /// The one schedule every scenario ran under (`--schedule`), as text; `nil` for none.
    public var schedule: String?

    /// The settings of `options`.
    ///
    /// - Parameter options: A runner's options.
    public init(_ options: ContractRunner.Options) {
      depth = options.exploration.depth
      seed = options.exploration.seed
      maxStates = options.exploration.maxStates
      randomWalks = options.exploration.randomWalks
      walkLength = options.exploration.walkLength
      mutate = options.mutate
      schedules = options.schedules
      schedule = options.schedule?.description
    }
  }

  /// Creates a run from its reports.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - replays: The recording replays.
  ///   - durationSeconds: The run's wall time.
  ///   - shard: The part of the work it did.
  ///   - settings: The options it ran with, when known.
  ///   - plan: The whole run's work, when known.
  ///   - verdicts: Verdicts on mutants not joined to their contract's report yet.
  public init(
    reports: [ContractReport], replays: [ReplayReport] = [], durationSeconds: Double,
    shard: Shard = .whole, settings: Settings? = nil, plan: Plan? = nil,
    verdicts: [Verdict] = []
  ) {
    self.reports = reports
    self.replays = replays
    self.durationSeconds = durationSeconds
    self.shard = shard
    self.settings = settings
    self.plan = plan
    self.verdicts = verdicts
  }

  /// Runs `contracts`, up to the runner's ``ContractRunner/Options/workers`` at a time.
  ///
  /// Reports come back in the order of `contracts`, and each is the same whatever the
  /// number of workers: only the times differ. A shard runs its units of the ``Plan`` alone:
  /// contracts' checks, machine mutants (with `mutate`) and recordings; its verdicts on
  /// mutants are joined to their contracts' reports by ``merge(_:)``.
  ///
  /// - Parameters:
  ///   - contracts: The contracts.
  ///   - runner: The runner, with its options.
  ///   - recordings: Recording files to replay, each against the contract of its app.
  ///   - shard: The part of the work to do (``Shard``); all of it by default.
  ///   - replayed: Told of each recording replayed, by path, from any thread.
  /// - Returns: The run.
  public static func run(
    _ contracts: [AnyContract], with runner: ContractRunner, recordings: [String] = [],
    shard: Shard = .whole, replayed: (@Sendable (String) -> Void)? = nil
  ) async -> ConformanceRun {
    let clock = ContinuousClock()
    let start = clock.now
    let plan = Plan(contracts, recordings: recordings, mutate: runner.options.mutate)
    var reports: [ContractReport] = []
    var verdicts: [Verdict] = []
    var replays: [ReplayReport] = []
    if shard == .whole {
      // One machine: each contract's mutants run only once its checks pass, as ContractRunner
      // runs them.
      reports = await orderedMap(contracts, width: runner.options.workers) { contract in
        await contract.run(with: runner)
      }
      replays = await orderedMap(recordings, width: runner.options.workers) { path in
        let replay = await ConformanceRecordings.replay(path, with: contracts)
        replayed?(path)
        return replay
      }
    } else {
      let outcomes = await orderedMap(plan.units(in: shard), width: runner.options.workers) {
        unit -> Outcome in
        switch unit {
        case .checks(let index):
          return .report(await contracts[index].checks(with: runner))
        case .mutant(let index, let mutant):
          let began = clock.now
          let result = await contracts[index].judge(mutant: mutant, with: runner)
          return .verdict(
            Verdict(
              contract: contracts[index].name, mutant: mutant, result: result,
              durationSeconds: Self.seconds(began.duration(to: clock.now))))
        case .recording(let path):
          let replay = await ConformanceRecordings.replay(path, with: contracts)
          replayed?(path)
          return .replay(replay)
        }
      }
      for outcome in outcomes {
        switch outcome {
        case .report(let report): reports.append(report)
        case .verdict(let verdict): verdicts.append(verdict)
        case .replay(let replay): replays.append(replay)
        }
      }
    }
    return ConformanceRun(
      reports: reports, replays: replays, durationSeconds: seconds(start.duration(to: clock.now)),
      shard: shard,
      settings: Settings(runner.options), plan: plan, verdicts: verdicts)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  private enum Outcome {
    case report(ContractReport)
    case verdict(Verdict)
    case replay(ReplayReport)
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

  /// The contracts that kill under `percent` of their machine-derived mutants, whose
  /// equivalence declarations are wrong, or that fail without any mutant (so none was run),
  /// each as one line; empty when mutants were not asked for.
  ///
  /// - Parameter percent: The least share of mutants killed accepted, from 0 to 100.
  /// - Returns: One line per contract that falls short.
  public func machineMutantShortfalls(below percent: Double) -> [String] {
    reports.compactMap { report in
      guard let verdicts = report.machineMutants else { return nil }
      if !report.passed, verdicts.mutants.isEmpty {
        return "\(report.contract): the contract fails, so no mutant was run (see above)"
      }
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
