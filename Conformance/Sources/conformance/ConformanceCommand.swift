import CommandLineParsing
import ConformanceSuite
import Foundation
import LoopContracts
import LoopRecording
import LoopTesting
import Terminal

/// `conformance`: checks every registered contract, or draws their tables, or replays one
/// recording; `merge` (``MergeCommand``) joins the shards' reports, `view` (``ViewCommand``)
/// draws a recording as a page and `export-test` (``ExportTestCommand``) writes it as a test.
struct ConformanceCommand: Command {
  /// What `conformance` accepts, in help order.
  ///
  /// The run's own options are not `merge`'s
  /// (``Option/isInherited``): the parser refuses them there as unknown.
  struct Arguments: CommandArguments {
    let app = OptionValue<String?>(
      "app", valueName: "NAME", help: "Check only this app's contract"
    ).notInherited()
    let format = ReportOptions.format
    let output = ReportOptions.output
    let seed = OptionValue<Int>(
      "seed", valueName: "N", help: "The seed of the exploration's random walks", default: 1
    ).notInherited()
    let depth = OptionValue<Int>(
      "depth", valueName: "N", help: "The exploration's breadth-first depth", default: 6
    ).notInherited()
    let maxStates = OptionValue<Int>(
      "max-states", valueName: "N",
      help:
        "The most states the breadth-first search keeps; it stops in the depth that reaches them, and the report says so",
      default: ExplorationLimits().maxStates
    ).notInherited()
    let schedules = OptionValue<Int>(
      "schedules", valueName: "N",
      help: "Run each scenario under N schedules: first-ready, then N-1 the search picks",
      default: 1
    ).notInherited()
    let search = OptionValue<ScheduleSearch>(
      "search", valueName: "S",
      help:
        "How --schedules picks them: random, pct-D (PCT of depth D) or exhaustive-P (every schedule with at most P preemptions)",
      default: .random, parse: { ScheduleSearch($0) },
      refusal: {
        "--search takes random, pct-D (D at least 1) or exhaustive-P (P at least 0), got '\($0)'"
      }
    ).notInherited()
    let schedule = OptionValue<Schedule?>(
      "schedule", valueName: "S",
      help: "Run every scenario under the schedule S a failure printed (random-7/1.0)",
      parse: { Schedule($0) },
      refusal: {
        "--schedule takes a schedule as a failure prints it (first-ready, random-7/1.0), got '\($0)'"
      }
    ).notInherited()
    let workers = OptionValue<Int?>(
      "workers", valueName: "N",
      help: "Contracts, mutants and exploration threads at once (default: every core)"
    ).notInherited()
    let regressions = OptionValue<String>(
      "regressions", valueName: "DIR", help: "Replay saved failure paths from DIR",
      default: "Conformance/Regressions"
    ).notInherited()
    let saveFailures = OptionValue<String?>(
      "save-failures", valueName: "DIR", help: "Save exploration failures to DIR, to replay"
    ).notInherited()
    let replay = OptionValue<String?>(
      "replay", valueName: "FILE",
      help: "Only replay the recording FILE (from --record) against its app's contract"
    ).notInherited()
    let minimize = OptionValue<String?>(
      "minimize", valueName: "OUT",
      help: "With --replay, write the shortest part of the failing recording that still fails"
    ).notInherited()
    let recordings = OptionValue<String>(
      "recordings", valueName: "DIR",
      help: "Replay every DIR/<app>/*.json and *.jsonl recording too",
      default: "Fixtures/recordings"
    ).notInherited()
    let diagram = Flag(
      "diagram", help: "Print each contract's table as a Mermaid state diagram"
    ).notInherited()
    let mutate = Flag(
      "mutate",
      help: "Also run each contract against its machine-derived mutants (events, feedbacks)"
    ).notInherited()
    let minMachineKills = OptionValue<Int?>(
      "min-machine-kills", valueName: "P",
      help: "With --mutate, fail when a contract kills under P percent of its machine mutants"
    ).notInherited()
    let minStrength = OptionValue<String?>(
      "min-strength", valueName: "P",
      help: "Not here: strength is the source-level score, make mutation MIN_STRENGTH=P"
    ).notInherited()
    let mutationResults = ReportOptions.mutationResults
    let shard = OptionValue<Shard?>(
      "shard", valueName: "K/N",
      help: "Run only part K of N of the contracts and recordings (merge the parts with merge)",
      parse: { Shard(parsing: $0) },
      refusal: { "--shard takes K/N, part K (from 1) of N, got '\($0)'" }
    ).notInherited()
  }

  /// What `conformance` is: a checker, not an app, with its own exit statuses.
  static let spec = CommandSpec(
    name: "conformance",
    abstract: "Check every app's contract: examples, invariants, scenarios, budgets, the table.",
    version: "1.0.0",
    // A checker, not an app: no partial answer, and a failed check is a failure.
    exitStatuses: ExitStatuses([
      .init("0", "Every check passed (or the diagram, replay, merge, page or test was made)"),
      .init("1", "A check failed, or a file could not be read or written: stderr says which"),
      .init("2", "Bad arguments: the usage line on stderr"),
      .init("130", "Interrupted by Ctrl-C"),
    ]))

  /// `merge`, `view` and `export-test`.
  static var subcommands: [any Command.Type] {
    [MergeCommand.self, ViewCommand.self, ExportTestCommand.self]
  }

  /// How the report is written.
  let report: ReportOptions
  /// The contracts to check: every registered one, or `--app`'s.
  let contracts: [AnyContract]
  /// How the exploration, schedules and workers run.
  let options: ContractRunner.Options
  /// `--save-failures`, when given.
  let saveTo: String?
  /// `--shard`: the part of the run to do.
  let shard: Shard
  /// `--diagram`.
  let diagram: Bool
  /// `--replay`, when given.
  let replay: String?
  /// `--minimize`, when given.
  let minimize: String?
  /// `--recordings`.
  let recordingsDirectory: String
  /// Whether `--min-machine-kills` is given.
  let judgesKills: Bool
  /// The usage line, for the refusals found once the command runs.
  let usage: String

  /// Reads and checks the command line, in the order its refusals are found.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (unused).
  /// - Throws: ``UsageError`` for a bad value or a combination that makes no sense.
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    usage = arguments.usage
    let format = try arguments.format
    let minimumKills = try ReportOptions.minimumKills(
      arguments.minMachineKills, usage: arguments.usage)
    report = ReportOptions(
      format: format, output: try arguments.output,
      mutationResults: try arguments.mutationResults, minimumKills: minimumKills)
    if try arguments.minStrength != nil {
      throw UsageError(
        "--min-strength is not a conformance option: strength is the source-level mutation "
          + "score (make mutation MIN_STRENGTH=P, or scripts/mutation --min-strength P); for "
          + "the machine-derived mutants, give --mutate --min-machine-kills P",
        usage: arguments.usage)
    }
    let mutate = arguments.mutate
    if minimumKills != nil, !mutate {
      throw UsageError("--min-machine-kills needs --mutate", usage: arguments.usage)
    }
    var contracts = registeredContracts
    if let app = try arguments.app {
      contracts = contracts.filter { $0.name == app }
      guard !contracts.isEmpty else {
        let known = registeredContracts.map(\.name).joined(separator: ", ")
        throw UsageError(
          "no contract named '\(app)' (registered: \(known.isEmpty ? "none" : known))",
          usage: arguments.usage)
      }
    }
    self.contracts = contracts
    let seed = try arguments.seed
    let depth = try arguments.depth
    guard seed >= 0 else { throw UsageError("--seed must not be negative", usage: usage) }
    guard depth >= 0 else { throw UsageError("--depth must not be negative", usage: usage) }
    let maxStates = try arguments.maxStates
    guard maxStates >= 1 else {
      throw UsageError("--max-states must be at least 1", usage: arguments.usage)
    }
    let schedules = try arguments.schedules
    guard schedules >= 1 else {
      throw UsageError("--schedules must be at least 1", usage: arguments.usage)
    }
    let search = try arguments.search
    let schedule = try arguments.schedule
    if schedule != nil, arguments.isGiven(\.schedules) || arguments.isGiven(\.search) {
      throw UsageError(
        "--schedule replays one schedule: leave out --schedules and --search",
        usage: arguments.usage)
    }
    let workers = try arguments.workers ?? ProcessInfo.processInfo.activeProcessorCount
    guard workers >= 1 else {
      throw UsageError("--workers must be at least 1", usage: arguments.usage)
    }
    shard = try arguments.shard ?? .whole
    diagram = arguments.diagram
    replay = try arguments.replay
    minimize = try arguments.minimize
    recordingsDirectory = try arguments.recordings
    saveTo = try arguments.saveFailures
    judgesKills = arguments.isGiven(\.minMachineKills)
    var options = ContractRunner.Options(
      exploration: ExplorationLimits(depth: depth, maxStates: maxStates, seed: UInt64(seed)),
      regressionsDirectory: try saveTo ?? arguments.regressions,
      saveFailures: saveTo != nil, mutate: mutate, workers: workers)
    options.schedules = schedules
    options.scheduleSearch = search
    options.schedule = schedule
    self.options = options
  }

  /// Does what the command line asks: the contracts' tables as diagrams, a replay, or the
  /// checks and their report.
  ///
  /// - Throws: ``ExitCode/failure`` when a check fails, ``ConformanceError`` when a file
  ///   cannot be read or written.
  func run() async throws {
    if diagram {
      for contract in contracts {
        StandardOutput.writeLine("%% \(contract.name)\n\(contract.diagram)\n")
      }
      return
    }
    if let output = minimize {
      guard let path = replay else {
        throw UsageError("--minimize needs --replay FILE", usage: usage)
      }
      for line in try await ConformanceRecordings.minimize(path, to: output, with: contracts) {
        StandardOutput.writeLine(line)
      }
      return
    }
    if let path = replay {
      try await Self.replay(path, with: contracts)
      return
    }
    let recordings = ConformanceRecordings.files(in: recordingsDirectory, for: contracts)
    if shard != .whole, judgesKills {
      throw UsageError(
        "--min-machine-kills judges the whole run: give it to merge, not to a shard",
        usage: usage)
    }
    // On a terminal, a line on stderr says how far the run is; nothing when it is not one.
    let plan = ConformanceRun.Plan(contracts, recordings: recordings, mutate: options.mutate)
    let progress = ProgressLine.onStandardError(total: plan.units(in: shard).count)
    defer { progress?.end() }
    var runner = ContractRunner(
      options: options,
      progress: progress.map { line in
        { @Sendable (step: ContractRunner.Progress) in line.finished(step) }
      })
    if let progress {
      runner.exploring = { @Sendable (contract: String, figures: ExplorationProgress) in
        progress.exploring(contract, figures)
      }
    }
    // Ctrl-C stops each exploration where it is; the report says which are partial.
    Interruption.listen()
    runner.isInterrupted = { Interruption.happened }
    let run = await ConformanceRun.run(
      contracts, with: runner, recordings: recordings, shard: shard,
      replayed: progress.map { line in
        { @Sendable (path: String) in line.finished("replayed \(path)") }
      })
    try report.write(run)
  }

  /// Replays the recording at `path` against its app's contract and says how it went.
  private static func replay(_ path: String, with contracts: [AnyContract]) async throws {
    let replay = await ConformanceRecordings.replay(path, with: contracts)
    if let failure = replay.failure {
      StandardOutput.writeLine(failure.message)
      StandardError.writeLine("conformance: the replay of \(path) failed")
      throw ExitCode.failure
    }
    if let endedEarly = replay.endedEarly {
      // A killed recording: what it holds replays; say that it is not the whole run.
      StandardOutput.writeLine(
        "conformance: \(path): the recording ended early (\(endedEarly)); its "
          + "\(replay.steps) steps replayed as recorded: every state, move, invariant and call")
      return
    }
    StandardOutput.writeLine(
      "conformance: \(path): \(replay.steps) steps replayed as recorded: every state, move, "
        + "invariant and call")
  }
}
