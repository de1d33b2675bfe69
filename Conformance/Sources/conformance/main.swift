// conformance: checks every registered contract against the shared fixtures and prints one
// table, or JSON, or JUnit XML. The last line is `conformance: N passed, M failed`; the exit
// status is 1 on any failure and 2 on bad arguments.

import ConformanceSuite
import Foundation
import LoopContracts
import LoopRecording
import LoopSynchronization
import LoopTesting
import Terminal

/// The report formats `--format` accepts.
enum Format: String, CaseIterable, ArgumentValue {
  case text
  case json
  case junit
  case html
}

let spec = CommandSpec(
  name: "conformance",
  abstract: "Check every app's contract: examples, invariants, scenarios, budgets, the table.",
  version: "1.0.0",
  options: [
    .value("app", valueName: "NAME", help: "Check only this app's contract").notInherited(),
    .value(
      "format", valueName: "FORMAT",
      help: "text, json, junit or html (a page, with diagrams by Graphviz)",
      default: "text"),
    .value("output", valueName: "PATH", help: "Write the report to PATH, not standard output"),
    .value(
      "seed", valueName: "N", help: "The seed of the exploration's random walks", default: "1"
    ).notInherited(),
    .value("depth", valueName: "N", help: "The exploration's breadth-first depth", default: "6")
      .notInherited(),
    .value(
      "max-states", valueName: "N",
      help:
        "The most states the breadth-first search keeps; it stops in the depth that reaches them, and the report says so",
      default: "\(ExplorationLimits().maxStates)"
    ).notInherited(),
    .value(
      "schedules", valueName: "N",
      help: "Run each scenario under N schedules: first-ready, then N-1 the search picks",
      default: "1"
    ).notInherited(),
    .value(
      "search", valueName: "S",
      help:
        "How --schedules picks them: random, pct-D (PCT of depth D) or exhaustive-P (every schedule with at most P preemptions)",
      default: "random"
    ).notInherited(),
    .value(
      "schedule", valueName: "S",
      help: "Run every scenario under the schedule S a failure printed (random-7/1.0)"
    ).notInherited(),
    .value(
      "workers", valueName: "N",
      help: "Contracts, mutants and exploration threads at once (default: every core)"
    ).notInherited(),
    .value(
      "regressions", valueName: "DIR", help: "Replay saved failure paths from DIR",
      default: "Conformance/Regressions"
    ).notInherited(),
    .value("save-failures", valueName: "DIR", help: "Save exploration failures to DIR, to replay")
      .notInherited(),
    .value(
      "replay", valueName: "FILE",
      help: "Only replay the recording FILE (from --record) against its app's contract"
    ).notInherited(),
    .value(
      "minimize", valueName: "OUT",
      help: "With --replay, write the shortest part of the failing recording that still fails"
    ).notInherited(),
    .value(
      "recordings", valueName: "DIR",
      help: "Replay every DIR/<app>/*.json and *.jsonl recording too",
      default: "Fixtures/recordings"
    ).notInherited(),
    .flag("diagram", help: "Print each contract's table as a Mermaid state diagram").notInherited(),
    .flag(
      "mutate",
      help: "Also run each contract against its machine-derived mutants (events, feedbacks)"
    ).notInherited(),
    .value(
      "min-machine-kills", valueName: "P",
      help: "With --mutate, fail when a contract kills under P percent of its machine mutants"
    ).notInherited(),
    .value(
      "min-strength", valueName: "P",
      help: "Not here: strength is the source-level score, make mutation MIN_STRENGTH=P"
    ).notInherited(),
    .value(
      "mutation-results", valueName: "DIR",
      help: "With --format html, show make mutation's results from DIR in each contract",
      default: ".build/mutation"),
    .value(
      "shard", valueName: "K/N",
      help: "Run only part K of N of the contracts and recordings (merge the parts with merge)"
    ).notInherited(),
  ],
  subcommands: [
    CommandSpec(
      name: "merge",
      abstract:
        "Merge the JSON reports of shards 1/N to N/N into the report of the whole run "
        + "(--format, --output and --min-machine-kills as for a run).",
      // Its own: the run's asks for --mutate, which is the shards' option, not merge's.
      options: [
        .value(
          "min-machine-kills", valueName: "P",
          help:
            "Fail when a contract kills under P percent of its machine mutants (shards run "
            + "with --mutate)")
      ],
      positionals: [
        Positional(
          "report", help: "A shard's report (--shard K/N --format json --output FILE)",
          repeats: true)
      ])
  ],
  // A checker, not an app: no partial answer, and a failed check is a failure.
  exitStatuses: ExitStatuses([
    .init("0", "Every check passed (or the diagram, replay or merge asked for was done)"),
    .init("1", "A check failed, or a file could not be read or written: stderr says which"),
    .init("2", "Bad arguments: the usage line on stderr"),
    .init("130", "Interrupted by Ctrl-C"),
  ]))

await CLI.run(spec) { arguments in
  let format = try arguments.value("format", as: Format.self) ?? .text
  let minimumKills = try arguments.value("min-machine-kills", as: Int.self)
  if let minimumKills, !(0...100).contains(minimumKills) {
    throw UsageError("--min-machine-kills must be a percentage, 0 to 100", usage: arguments.usage)
  }
  let run: ConformanceRun
  if arguments.subcommandPath == ["merge"] {
    // The run's own options are not merge's: the parser refuses them as unknown here.
    run = try merge(arguments.positionals)
    if minimumKills != nil, run.settings?.mutate == false {
      throw UsageError(
        "--min-machine-kills judges machine mutants, and these shards ran without --mutate",
        usage: arguments.usage)
    }
  } else {
    guard let ran = try await runContracts(arguments, minimumKills: minimumKills) else { return }
    run = ran
  }
  try report(run, format: format, minimumKills: minimumKills, arguments)
}

/// The run the shards' JSON reports at `paths` make together.
func merge(_ paths: [String]) throws -> ConformanceRun {
  var parts: [ConformanceRun] = []
  for path in paths {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ConformanceError.cannotRead(path, FileErrorReason.of(error))
    }
    do throws(JSONReport.ReadError) {
      parts.append(try JSONReport.read(data, path: path))
    } catch {
      throw ConformanceError.cannotMerge(error.description)
    }
  }
  do throws(MergeError) {
    return try ConformanceRun.merge(parts)
  } catch {
    throw ConformanceError.cannotMerge(error.message)
  }
}

/// Runs what the arguments ask for: the contracts' table as diagrams, a replay, or the checks;
/// `nil` when what was asked is done and printed.
func runContracts(_ arguments: ParsedArguments, minimumKills: Int?) async throws
  -> ConformanceRun?
{
  if arguments.value("min-strength") != nil {
    throw UsageError(
      "--min-strength is not a conformance option: strength is the source-level mutation "
        + "score (make mutation MIN_STRENGTH=P, or scripts/mutation --min-strength P); for "
        + "the machine-derived mutants, give --mutate --min-machine-kills P",
      usage: arguments.usage)
  }
  if minimumKills != nil, !arguments.flag("mutate") {
    throw UsageError("--min-machine-kills needs --mutate", usage: arguments.usage)
  }
  var contracts = registeredContracts
  if let app = arguments.value("app") {
    contracts = contracts.filter { $0.name == app }
    guard !contracts.isEmpty else {
      let known = registeredContracts.map(\.name).joined(separator: ", ")
      throw UsageError(
        "no contract named '\(app)' (registered: \(known.isEmpty ? "none" : known))",
        usage: arguments.usage)
    }
  }
  let seed = try arguments.value("seed", as: Int.self) ?? 1
  let depth = try arguments.value("depth", as: Int.self) ?? 6
  guard seed >= 0 else { throw UsageError("--seed must not be negative", usage: arguments.usage) }
  guard depth >= 0 else { throw UsageError("--depth must not be negative", usage: arguments.usage) }
  let maxStates = try arguments.value("max-states", as: Int.self) ?? ExplorationLimits().maxStates
  guard maxStates >= 1 else {
    throw UsageError("--max-states must be at least 1", usage: arguments.usage)
  }
  let schedules = try arguments.value("schedules", as: Int.self) ?? 1
  guard schedules >= 1 else {
    throw UsageError("--schedules must be at least 1", usage: arguments.usage)
  }
  var search = ScheduleSearch.random
  if let text = arguments.value("search") {
    guard let parsed = ScheduleSearch(text) else {
      throw UsageError(
        "--search takes random, pct-D (D at least 1) or exhaustive-P (P at least 0), got '\(text)'",
        usage: arguments.usage)
    }
    search = parsed
  }
  var schedule: Schedule?
  if let text = arguments.value("schedule") {
    guard let parsed = Schedule(text) else {
      throw UsageError(
        "--schedule takes a schedule as a failure prints it (first-ready, random-7/1.0), got '\(text)'",
        usage: arguments.usage)
    }
    guard !arguments.isGiven("schedules"), !arguments.isGiven("search") else {
      throw UsageError(
        "--schedule replays one schedule: leave out --schedules and --search",
        usage: arguments.usage)
    }
    schedule = parsed
  }
  let workers =
    try arguments.value("workers", as: Int.self) ?? ProcessInfo.processInfo.activeProcessorCount
  guard workers >= 1 else {
    throw UsageError("--workers must be at least 1", usage: arguments.usage)
  }
  var shard = Shard.whole
  if let text = arguments.value("shard") {
    guard let parsed = Shard(parsing: text) else {
      throw UsageError(
        "--shard takes K/N, part K (from 1) of N, got '\(text)'", usage: arguments.usage)
    }
    shard = parsed
  }
  if arguments.flag("diagram") {
    for contract in contracts {
      StandardOutput.writeLine("%% \(contract.name)\n\(contract.diagram)\n")
    }
    return nil
  }

  if let output = arguments.value("minimize") {
    guard let path = arguments.value("replay") else {
      throw UsageError("--minimize needs --replay FILE", usage: arguments.usage)
    }
    for line in try await RecordingReplays.minimize(path, to: output, with: contracts) {
      StandardOutput.writeLine(line)
    }
    return nil
  }
  if let path = arguments.value("replay") {
    let replay = await RecordingReplays.replay(path, with: contracts)
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
      return nil
    }
    StandardOutput.writeLine(
      "conformance: \(path): \(replay.steps) steps replayed as recorded: every state, move, "
        + "invariant and call")
    return nil
  }
  let recordings = RecordingReplays.files(
    in: arguments.value("recordings") ?? "Fixtures/recordings", for: contracts)

  let saveTo = arguments.value("save-failures")
  let mutate = arguments.flag("mutate")
  if shard != .whole, arguments.isGiven("min-machine-kills") {
    throw UsageError(
      "--min-machine-kills judges the whole run: give it to merge, not to a shard",
      usage: arguments.usage)
  }
  // On a terminal, a line on stderr says how far the run is; nothing when it is not one.
  let plan = ConformanceRun.Plan(contracts, recordings: recordings, mutate: mutate)
  let progress = ProgressLine.onStandardError(total: plan.units(in: shard).count)
  defer { progress?.end() }
  var options = ContractRunner.Options(
    exploration: ExplorationLimits(depth: depth, maxStates: maxStates, seed: UInt64(seed)),
    regressionsDirectory: saveTo ?? arguments.value("regressions") ?? "Conformance/Regressions",
    saveFailures: saveTo != nil, mutate: mutate, workers: workers)
  options.schedules = schedules
  options.scheduleSearch = search
  options.schedule = schedule
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
  return await ConformanceRun.run(
    contracts, with: runner, recordings: recordings, shard: shard,
    replayed: progress.map { line in
      { @Sendable (path: String) in line.finished("replayed \(path)") }
    })
}

/// Writes `run`'s report as the arguments ask, then fails when the run did.
func report(
  _ run: ConformanceRun, format: Format, minimumKills: Int?, _ arguments: ParsedArguments
) throws {
  let capabilities = TerminalCapabilities.detect()
  let report: String
  switch format {
  case .text:
    let toTerminal = arguments.value("output") == nil && capabilities.supportsColor
    report = TextReport(useColor: toTerminal).render(run)
  case .json: report = JSONReport.render(run)
  case .junit: report = JUnitReport.render(run)
  case .html:
    do throws(Graphviz.Failure) {
      report = try HTMLReport.render(
        run,
        sourceMutants: SourceMutants.read(
          from: arguments.value("mutation-results") ?? ".build/mutation"))
    } catch {
      throw ConformanceError.cannotDraw(error.description)
    }
  }
  if let path = arguments.value("output") {
    do {
      try Data(report.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw ConformanceError.cannotWrite(path, FileErrorReason.of(error))
    }
    StandardOutput.writeLine("conformance: report written to \(path)")
    StandardOutput.writeLine(run.summaryLine)
  } else {
    StandardOutput.write(report)
    if format != .text { StandardError.writeLine(run.summaryLine) }
  }
  let shortfalls = run.machineMutantShortfalls(below: Double(minimumKills ?? 0))
  for shortfall in shortfalls {
    StandardError.writeLine("conformance: \(shortfall)")
  }
  if Interruption.happened { throw ExitCode.interrupted }
  if !run.passed || !shortfalls.isEmpty { throw ExitCode.failure }
}

/// Ctrl-C during a run: the first stops the explorations where they are, so the run ends with
/// the report so far (explorations marked partial) and exit status 130; a second ends the
/// process at once.
enum Interruption {
  private static let seen = Mutex(false)
  private static let listening = Mutex(false)

  /// Starts listening for Ctrl-C, once.
  static func listen() {
    let first = listening.withLock { listening in
      defer { listening = true }
      return !listening
    }
    guard first else { return }
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      let again = seen.withLock { seen in
        defer { seen = true }
        return seen
      }
      if again {
        signal(SIGINT, SIG_DFL)
        raise(SIGINT)
      }
    }
    source.resume()
    // The source lives as long as the process.
    _ = Unmanaged.passRetained(source as AnyObject)
  }

  /// Whether Ctrl-C was pressed.
  static var happened: Bool { seen.withLock { $0 } }
}
