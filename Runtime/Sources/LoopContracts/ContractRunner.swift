import Foundation
import Loop
import LoopTesting

/// Runs a contract and returns a report: every example, invariant, scenario, budget and table
/// row, with what failed and why.
///
/// Examples run on the pure reducer and through a live store; scenarios run through
/// `TestStore` with their failures collected, not reported to a test framework;
/// the ``Explorer`` walks the reducer; saved failure paths are replayed. Every step seen
/// anywhere is checked against the table, and every state against the invariants.
///
/// ```swift
/// let report = await ContractRunner().run(Movies.contract)
/// print(report.passed, report.failures)
/// ```
public struct ContractRunner: Sendable {
  /// How to run.
  public struct Options: Sendable, Hashable {
    /// Exploration limits, including the seed.
    public var exploration: ExplorationLimits
    /// Where saved failure paths live: `<directory>/<contract>/*.json` are replayed, and new
    /// failures are written there when ``saveFailures`` is on.
    public var regressionsDirectory: String?
    /// Whether to write exploration failures to ``regressionsDirectory``.
    public var saveFailures: Bool
    /// Whether to run the machine-derived mutants too: the whole contract once per ``Mutant``.
    public var mutate: Bool
    /// How many mutants run at once, and how many threads expand each level of an
    /// exploration; every report is the same for any number (only the times differ).
    public var workers: Int
    /// How many schedules each scenario runs under; 1 by default.
    ///
    /// First-ready, then those ``scheduleSearch`` picks (see `Schedule`); every check runs on
    /// each. Mutants run first-ready only.
    public var schedules = 1
    /// How the schedules after the first-ready one are picked: seeded random ones by default.
    public var scheduleSearch = ScheduleSearch.random
    /// At most how many runs shrinking a failing schedule may take; 0 turns shrinking off.
    ///
    /// A scenario that fails under a schedule other than first-ready is run again under
    /// first-ready schedules with fewer choices and fewer preemptions, keeping each that still
    /// fails, so the schedule printed is the shortest, least reordered one found.
    public var shrinkRuns = 100
    /// The one schedule every scenario runs under, replaying one a failure printed; `nil` for
    /// ``schedules``.
    public var schedule: Schedule?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - exploration: Exploration limits.
    ///   - regressionsDirectory: Where saved failure paths live.
    ///   - saveFailures: Whether to save new exploration failures there.
    ///   - mutate: Whether to run the machine-derived mutants too.
    ///   - workers: How many mutants and exploration threads at once; every core by default.
    public init(
      exploration: ExplorationLimits = .init(),
      regressionsDirectory: String? = nil,
      saveFailures: Bool = false,
      mutate: Bool = false,
      workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
      self.exploration = exploration
      self.regressionsDirectory = regressionsDirectory
      self.saveFailures = saveFailures
      self.mutate = mutate
      self.workers = max(1, workers)
    }
  }

  /// The options.
  public let options: Options
  /// Told of each part of the work as it ends, from any thread: for a progress line.
  public let progress: (@Sendable (Progress) -> Void)?
  /// Told how far each contract's exploration has got, after each batch of states and each
  /// random walk: a progress line's figures.
  package var exploring: (@Sendable (_ contract: String, ExplorationProgress) -> Void)?
  /// Asked during exploration: once it returns `true` (Ctrl-C), an exploration stops where it
  /// is and its report is marked partial.
  package var isInterrupted: @Sendable () -> Bool = { false }

  /// A part of a run that has just ended.
  public enum Progress: Hashable, Sendable {
    /// Every check of the contract named ran (examples to exploration and regressions).
    case checked(contract: String)
    /// The contract's run against this machine-derived mutant ended.
    case judged(contract: String, mutant: String)
  }

  /// Creates a runner.
  ///
  /// - Parameter options: How to run.
  public init(options: Options = Options()) {
    self.options = options
    self.progress = nil
  }

  /// Creates a runner that tells `progress` of each part of the work as it ends.
  ///
  /// - Parameters:
  ///   - options: How to run.
  ///   - progress: Told of each part of the work as it ends (``Progress``), from any thread.
  public init(options: Options, progress: (@Sendable (Progress) -> Void)?) {
    self.options = options
    self.progress = progress
  }

  /// Runs every check of `contract`, and its machine-derived mutants when ``Options/mutate`` is
  /// on.
  ///
  /// - Parameter contract: The contract.
  /// - Returns: The report.
  public func run<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ contract: Contract<M, Phase, Kind>
  ) async -> ContractReport where M.State: Hashable, M.Event: Codable {
    let report = await checks(contract)
    guard options.mutate, report.passed else { return report }
    let clock = ContinuousClock()
    let start = clock.now
    let count = Mutant.derived(from: contract).mutants.count
    // Mutants run `workers` at a time; their results are kept in mutant order.
    let results = await orderedMap(Array(0..<count), width: options.workers) { index in
      await self.judge(mutant: index, of: contract)
    }
    return Self.report(report, with: results, seconds: seconds(start.duration(to: clock.now)))
  }

  /// Runs every check of `contract`, but no mutant.
  ///
  /// With ``Options/mutate``, the report's ``ContractReport/machineMutants`` holds no verdict
  /// yet, only what is known without running a mutant: declarations of mutants the runner
  /// does not make, or, when a check fails, that no mutant can be run. The verdicts
  /// (``judge(mutant:of:)``) join it with ``report(_:with:seconds:)``: running the two parts
  /// apart (as `conformance --shard` does) gives the report ``run(_:)`` gives.
  ///
  /// - Parameter contract: The contract.
  /// - Returns: The report.
  public func checks<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ contract: Contract<M, Phase, Kind>
  ) async -> ContractReport where M.State: Hashable, M.Event: Codable {
    // The faults planted around the run, if any (tests of the runner plant runtime bugs so).
    var report = await run(contract, as: Subject(), faults: PlantedFaults.current, isMutant: false)
    progress?(.checked(contract: contract.name))
    guard options.mutate else { return report }
    var verdicts = MachineMutantReport()
    if report.passed {
      verdicts.problems = Self.declarationProblems(of: contract)
    } else {
      // Every mutant would be "killed" by the failures the contract already has.
      verdicts.problems.append(
        "the contract fails without any mutant, so its mutants cannot be run: fix the "
          + "failures below first")
    }
    report.machineMutants = verdicts
    return report
  }

  /// `report`, from ``checks(_:)``, with the verdicts on its contract's machine mutants, in
  /// mutant order; a report whose checks failed is left as it is, as ``run(_:)`` runs no
  /// mutant then.
  ///
  /// - Parameters:
  ///   - report: The contract's checks, run with ``Options/mutate``.
  ///   - verdicts: The verdict on each mutant, in order.
  ///   - seconds: The time the mutants took.
  /// - Returns: The whole report.
  public static func report(
    _ report: ContractReport, with verdicts: [MutantResult], seconds: Double
  ) -> ContractReport {
    guard report.passed, var mutants = report.machineMutants else { return report }
    var whole = report
    mutants.mutants = verdicts
    mutants.durationSeconds = seconds
    whole.machineMutants = mutants
    return whole
  }

  /// Runs the whole contract against its machine-derived mutant number `index` (in the order
  /// ``Mutant`` lists them: event kinds, feedbacks, runtime faults).
  ///
  /// - Parameters:
  ///   - index: The mutant's number, from 0.
  ///   - contract: The contract.
  /// - Returns: The verdict.
  public func judge<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    mutant index: Int, of contract: Contract<M, Phase, Kind>
  ) async -> MutantResult where M.State: Hashable, M.Event: Codable {
    let mutants = Mutant.derived(from: contract).mutants
    let verdict = await verdict(on: mutants[index], of: contract)
    progress?(.judged(contract: contract.name, mutant: verdict.mutant))
    return verdict
  }

  /// Runs the whole contract once per mutant (see ``Mutant``).
  ///
  /// The mutants: each event kind ignored by the reducer, each feedback removed, and the
  /// runtime and clock faults. A mutant is killed at the first check that fails.
  ///
  /// - Parameter contract: The contract.
  /// - Returns: The verdict on every mutant.
  public func machineMutants<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>
  ) async -> MachineMutantReport where M.State: Hashable, M.Event: Codable {
    let clock = ContinuousClock()
    let start = clock.now
    let count = Mutant.derived(from: contract).mutants.count
    var verdicts = MachineMutantReport()
    verdicts.mutants = await orderedMap(Array(0..<count), width: options.workers) { index in
      await self.judge(mutant: index, of: contract)
    }
    verdicts.problems = Self.declarationProblems(of: contract)
    verdicts.durationSeconds = seconds(start.duration(to: clock.now))
    return verdicts
  }

  /// Mutants declared equivalent that the runner does not make, each as a line.
  private static func declarationProblems<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>
  ) -> [String] {
    let (mutants, names) = Mutant.derived(from: contract)
    // In the order of their descriptions: a dictionary's order changes from process to process.
    let declared = contract.equivalentMutants.keys.filter { !mutants.contains($0) }
    return declared.sorted { $0.description < $1.description }.map { declared in
      "\(declared) is declared equivalent, but the runner makes no such mutant: "
        + "remove the declaration (feedbacks: \(names.joined(separator: ", ")))"
    }
  }

  /// Runs the whole contract against `mutant` and says what killed it, if anything.
  private func verdict<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    on mutant: Mutant<Kind>, of contract: Contract<M, Phase, Kind>
  ) async -> MutantResult where M.State: Hashable, M.Event: Codable {
    var subject = Subject<M>()
    var faults = PlantedFaults()
    switch mutant {
    case .ignores(let ignored):
      subject.reducer = Reducer { state, event in
        guard contract.kind(event) != ignored else { return }
        M.reducer(&state, event)
      }
      subject.changesReducer = true
    case .withoutFeedback(let name): subject.removedFeedback = name
    case .deliversEffectEventsTwice: faults.runtime.deliversEffectEventsTwice = true
    case .acceptsStaleEvents: faults.runtime.acceptsStaleEvents = true
    case .sleepsScaled(let numerator, let denominator):
      faults.sleepScale = (numerator, denominator)
    }
    let report = await run(contract, as: subject, faults: faults, isMutant: true)
    let killer = report.failedChecks.first
    return MutantResult(
      mutant: mutant.description, killedBy: killer?.rule,
      killedWith: killer.map { $0.message.split(separator: "\n").first.map(String.init) ?? "" },
      equivalence: contract.equivalentMutants[mutant], ignoredEvent: mutant.ignoredKind.map(label))
  }

  /// Runs every check of `contract` on `subject` with `faults` planted.
  ///
  /// A mutant's run stops
  /// at its first failing check, and explores only when the mutant changes the reducer.
  private func run<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ contract: Contract<M, Phase, Kind>, as subject: Subject<M>, faults: PlantedFaults,
    isMutant: Bool
  ) async -> ContractReport where M.State: Hashable, M.Event: Codable {
    let clock = ContinuousClock()
    let start = clock.now
    var report = ContractReport(contract: contract.name)
    var checker = StepChecker(contract)
    func finished() -> ContractReport {
      report.durationSeconds = seconds(start.duration(to: clock.now))
      return report
    }
    // Before anything else: a contract that leaves an event case out checks nothing about it.
    if !isMutant {
      report.tableProblems = Self.caseProblems(of: contract)
      if !report.tableProblems.isEmpty { return finished() }
    }

    for example in contract.examples {
      report.examples.append(
        await check(example, of: contract, as: subject, faults: faults, with: &checker))
      if isMutant, !report.passed { return finished() }
    }
    for (index, scenario) in contract.scenarios.enumerated() {
      report.scenarios.append(
        await run(
          scenario, under: scheduleQueue(forScenario: index, isMutant: isMutant), as: subject,
          faults: faults, isMutant: isMutant, with: &checker))
      if isMutant, !report.passed { return finished() }
    }
    report.scenarioStates = checker.statesChecked.count

    // A mutant that leaves the reducer alone explores exactly as the contract does.
    let explores = !isMutant || subject.changesReducer
    let name = contract.name
    var progress: (@Sendable (ExplorationProgress) -> Void)?
    if let exploring {
      progress = { figures in exploring(name, figures) }
    }
    let explorer = Explorer(
      contract, limits: options.exploration, subject: subject, stopsAtFirstFailure: isMutant,
      workers: options.workers, progress: progress, isInterrupted: isInterrupted)
    let outcome = explores ? explorer.run() : nil
    if let outcome {
      report.exploration = outcome.report
      for move in outcome.exercised {
        checker.exercised(move, by: "exploration")
      }
      for found in outcome.found {
        let failure = explorer.reported(found)
        let path =
          "from initial state \(failure.initialState): \(failure.events.joined(separator: ", "))"
        if let move = failure.move {
          report.undeclaredMoves.append(
            UndeclaredMove(move: move, source: "exploration", path: path))
        } else if case .invariant(let name) = found.rule {
          checker.merge(
            violation: "broken in \(failure.state), reached by exploration \(path)", for: name)
        } else if case .law(let name) = found.rule,
          let law = contract.laws.firstIndex(where: { $0.name == name }),
          let before = found.before, let event = found.events.last
        {
          checker.merge(
            lawSteps: [],
            violations: [
              law: StepChecker<M, Phase, Kind>.lawViolation(
                before: before, event: event, after: found.state,
                by: "exploration \(path)")
            ])
        }
      }
      if !isMutant {
        report.regressions = replayRegressions(of: contract, with: explorer)
        report.regressions += await replaySchedules(of: contract, as: subject, faults: faults)
        if options.saveFailures {
          save(outcome.found, of: contract)
          save(failingSchedulesOf: report.scenarios, of: contract)
        }
      }
    }

    report.invariants = contract.invariants.map {
      InvariantResult(
        name: $0.name, statesChecked: outcome?.states ?? 0, failure: checker.violations[$0.name])
    }
    if let outcome, !isMutant {
      report.roundTrips = await roundTrips(
        of: contract, on: outcome.reachedCount, outcome.reachedState)
    }
    report.laws = contract.laws.indices.map {
      LawResult(
        name: contract.laws[$0].name, stepsChecked: outcome?.lawSteps[$0] ?? 0,
        failure: checker.lawViolations[$0])
    }
    report.undeclaredMoves = checker.undeclared + report.undeclaredMoves
    report.table = contract.table.map {
      RowCoverage(move: $0.reported, exercisedBy: (checker.hits[$0] ?? []).sorted())
    }
    if explores {
      report.tableProblems = tableProblems(
        of: contract, checker: checker, unnamed: outcome?.unnamedCases ?? [])
      if let outcome, !outcome.report.isPartial {
        report.tableProblems += reachProblems(of: contract, exploration: outcome)
      }
    }
    return finished()
  }

  /// Each round trip on a seeded sample of the `count` states the breadth-first search
  /// reached (`state(n)` rebuilds the `n`th): the launch state, then others drawn without
  /// repeats with the exploration seed, so a run checks the same states every time; it stops
  /// at the first that fails.
  private func roundTrips<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>, on count: Int, _ state: (Int) -> M.State
  ) async -> [RoundTripResult] where M.State: Hashable, M.Event: Codable {
    var results: [RoundTripResult] = []
    for trip in contract.roundTrips {
      var order = Array(0..<count)
      var random = SplitMix64(seed: options.exploration.seed)
      let sampled = min(trip.sample, order.count)
      // A partial Fisher-Yates shuffle; index 0, the first initial state, always first.
      for index in 1..<max(1, sampled) {
        let pick = index + Int(random.next() % UInt64(order.count - index))
        order.swapAt(index, pick)
      }
      var failure: String?
      var checked = 0
      for index in order.prefix(sampled) {
        checked += 1
        if let problem = await trip.check(state(index)) {
          failure = problem
          break
        }
      }
      results.append(RoundTripResult(name: trip.name, statesChecked: checked, failure: failure))
    }
    return results
  }

  /// What is wrong with the table itself, each with what to do.
  private func tableProblems<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>, checker: StepChecker<M, Phase, Kind>,
    unnamed: Set<String>
  ) -> [String] where M.State: Hashable, M.Event: Codable {
    var problems: [String] = []
    for (index, initial) in contract.initialStates.enumerated()
    where contract.alphabet(initial).isEmpty {
      problems.append(
        "the alphabet offers no event in initial state \(index): return the events a user "
          + "or an effect could send there")
    }
    for name in checker.unnamedCases.union(unnamed).sorted() {
      problems.append(
        "events of case `\(name)` have no kind: add `case \(name)` to the contract's kinds")
    }
    let phases = Set(contract.table.flatMap { [$0.from, $0.to] })
    for phase in Phase.allCases where !phases.contains(phase) {
      problems.append(
        "phase `\(label(phase))` appears in no row: add the moves into and out of it, or "
          + "remove the phase")
    }
    let kinds = Set(contract.table.map(\.event))
    for kind in Kind.allCases where !kinds.contains(kind) {
      problems.append(
        "event kind `\(label(kind))` appears in no row: add the moves it makes, or remove "
          + "the kind")
    }
    for move in contract.table where checker.hits[move] == nil {
      problems.append(
        "row \(move) is never exercised by an example, a scenario or exploration: add an "
          + "alphabet event or an example that makes it, or remove the row")
    }
    return problems
  }

  /// Event cases the contract has no kind for, and kinds that name no case, each with what to
  /// add: found from the event type's declared cases, so a case nothing has sent yet is named.
  static func caseProblems<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>
  ) -> [String] {
    guard let kinds = contract.kindNames, let cases = EnumCases.names(of: M.Event.self) else {
      return []
    }
    let declared = Set(cases)
    let named = Set(kinds)
    let missing = cases.filter { !named.contains($0) }.sorted().map { name in
      "event case `\(name)` has no kind: add `case \(name)` to the contract's kinds, the rows "
        + "it makes (a row that stays put where it changes nothing), and `.\(name)` events to "
        + "the alphabet where a user or an effect can send them"
    }
    let stray = kinds.filter { !declared.contains($0) }.map { name in
      "kind `\(name)` names no case of the event: name it after a case, or remove it"
    }
    return missing + stray
  }

  /// Kinds the alphabet never offered and phases exploration never reached (or reached,
  /// though declared unreachable), each with what to do: what exploration does not send,
  /// nothing checks at scale.
  private func reachProblems<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>, exploration: Explorer<M, Phase, Kind>.Outcome
  ) -> [String] {
    let offered = Set(exploration.exercised.map(\.event))
    let reached = Set(contract.initialStates.map(contract.phase))
      .union(exploration.exercised.map(\.to))
    let within =
      "in \(exploration.states) states to depth \(exploration.report.depth) and "
      + "\(exploration.report.randomWalks) walks"
    var problems: [String] = []
    for kind in Kind.allCases {
      switch (offered.contains(kind), contract.unofferedKinds[kind]) {
      case (false, nil):
        problems.append(
          "event kind `\(label(kind))` is never offered by the alphabet \(within): return "
            + "its events from the alphabet in the states where a user or an effect can send "
            + "them (exploration sends only what the alphabet offers)")
      case (true, let reason?):
        problems.append(
          "event kind `\(label(kind))` is declared not offered (\(reason)), but the alphabet "
            + "offered it: remove the declaration")
      case (true, nil), (false, _?): break
      }
    }
    for phase in Phase.allCases {
      switch (reached.contains(phase), contract.unreachablePhases[phase]) {
      case (false, nil):
        problems.append(
          "phase `\(label(phase))` is never reached by exploration \(within): add alphabet "
            + "events that lead there, or declare it with `.unreachable(.\(label(phase)), "
            + "because:)`")
      case (true, let reason?):
        problems.append(
          "phase `\(label(phase))` is declared unreachable (\(reason)), but exploration "
            + "reached it: remove the declaration")
      case (true, nil), (false, _?): break
      }
    }
    return problems
  }

  // MARK: - Examples

  private func check<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ example: Example<M.State, M.Event>, of contract: Contract<M, Phase, Kind>,
    as subject: Subject<M>, faults: PlantedFaults, with checker: inout StepChecker<M, Phase, Kind>
  ) async -> ExampleResult where M.State: Hashable, M.Event: Codable {
    let source = "example: \(example.name)"
    var problems: [String] = []
    var pure = example.given
    subject.reduce(&pure, example.event)
    if pure != example.expected {
      let diff =
        StateDiff(expected: example.expected, actual: pure)?.description
        ?? "  expected \(Render.value(example.expected))\n  actual   \(Render.value(pure))"
      problems.append("the reducer does not produce the expected state:\n\(diff)")
    }
    checker.step(
      from: example.given, on: example.event, to: pure, source: source,
      path: Render.path([example.event]))
    checker.state(example.given, source: source, path: "(given)")
    checker.state(pure, source: source, path: Render.path([example.event]))

    // The live store: the same event through the runtime, with the machine's feedbacks.
    let transitions = TransitionLog<M.State, M.Event>()
    let store = Store(
      initial: example.given, reducer: subject.reducer,
      feedbacks: subject.feedbacks(of: contract.makeMachine()),
      instrumentation: StoreInstrumentation(
        observe: { transitions.record($0) }, faults: faults.runtime))
    store.send(example.event)
    await transitions.waitForUserTransition()
    store.cancel()
    if let (before, after) = transitions.userTransition(from: example.given) {
      var expected = before
      subject.reduce(&expected, example.event)
      if expected != after {
        problems.append(
          "runtime bug: the live store reduced \(Render.value(example.event)) to \(Render.value(after)), the reducer to \(Render.value(expected))"
        )
      }
    } else {
      problems.append("runtime bug: the live store never reduced \(Render.value(example.event))")
    }
    return ExampleResult(
      name: example.name, failure: problems.isEmpty ? nil : problems.joined(separator: "\n"))
  }

  // MARK: - Scenarios

  /// The schedules scenario `index` runs under: the one given, or first-ready and then
  /// ``Options/schedules`` - 1 that ``Options/scheduleSearch`` picks, seeded from the
  /// exploration seed and the scenario's place, so a report is a function of the options.
  func scheduleQueue(forScenario index: Int, isMutant: Bool) -> ScheduleQueue {
    let seed = options.exploration.seed ^ (UInt64(index) << 32)
    if let schedule = options.schedule { return ScheduleQueue(replaying: schedule) }
    return ScheduleQueue(
      search: options.scheduleSearch, runs: isMutant ? 1 : options.schedules, seed: seed)
  }

  /// Runs `scenario` under each schedule of `queue` in turn, every check on each, and stops at
  /// the first that fails, shrinks it and names it so `conformance --schedule` replays it.
  private func run<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ scenario: Scenario<M>, under queue: ScheduleQueue, as subject: Subject<M>,
    faults: PlantedFaults, isMutant: Bool, with checker: inout StepChecker<M, Phase, Kind>
  ) async -> ScenarioResult where M.State: Hashable, M.Event: Codable {
    var queue = queue
    var result = ScenarioResult(name: scenario.name, failures: [], budgets: [], durationSeconds: 0)
    var trajectories: Set<[[ReportedMove]]> = []
    var escapedWork: [String] = []
    var last: (ran: Schedule, choicePoints: [Int])?
    while let schedule = queue.next(
      after: last?.ran, choicePoints: last?.choicePoints ?? [], escaped: !escapedWork.isEmpty)
    {
      let run = queue.handedOut - 1
      let (once, ran) = await self.run(
        scenario, under: schedule, as: subject, faults: faults, isMutant: isMutant,
        exploring: queue.isExploring || schedule != .firstReady, with: &checker)
      last = (ran.schedule, ran.choicePoints)
      trajectories.insert(once.trajectories)
      escapedWork += once.escapedWork.filter { !escapedWork.contains($0) }
      let seconds = result.durationSeconds + once.durationSeconds
      if run == 0 || !once.failures.isEmpty { result = once }
      result.durationSeconds = seconds
      result.schedules = run + 1
      result.distinctTrajectories = trajectories.count
      result.escapedWork = escapedWork
      guard once.failures.isEmpty else {
        result.schedule = ran.schedule.description
        if queue.isExploring || schedule != .firstReady {
          // A schedule replayed is reported as it is; one an exploration found, shrunk.
          let shrunk =
            queue.isExploring
            ? await shrink(
              ran.schedule, of: scenario, as: subject, faults: faults, checker: checker)
            : ran.schedule
          result.schedule = shrunk.description
          let preemptions =
            shrunk.preemptions == 1 ? "1 preemption" : "\(shrunk.preemptions) preemptions"
          let label =
            shrunk.description == ran.schedule.description
            ? "" : ", shrunk to \(shrunk) (\(preemptions))"
          result.failures.append(
            "under schedule \(ran.schedule) (run \(run + 1) of \(queue.runs))\(label): replay it "
              + "with `conformance --schedule \(shrunk)`")
        }
        return result
      }
    }
    if case .exhaustive = options.scheduleSearch, queue.isExploring {
      result.allSchedulesRun = queue.exhausted && escapedWork.isEmpty
    }
    return result
  }

  /// The failing schedule `failing`, shrunk: first-ready schedules that make a prefix of its
  /// choices, with as few choices and preemptions as still fail, within
  /// ``Options/shrinkRuns`` runs.
  ///
  /// Each run is checked by a checker of its own, which knows no rule broken before: a
  /// shrinking run adds nothing to the report, and any rule it breaks makes it fail.
  private func shrink<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ failing: Schedule, of scenario: Scenario<M>, as subject: Subject<M>, faults: PlantedFaults,
    checker: StepChecker<M, Phase, Kind>
  ) async -> Schedule where M.State: Hashable, M.Event: Codable {
    var budget = options.shrinkRuns
    func fails(_ choices: [Int]) async -> Bool {
      guard budget > 0 else { return false }
      budget -= 1
      var scratch = StepChecker(checker.contract)
      let (once, _) = await run(
        scenario, under: Schedule(.firstReady, choices: choices), as: subject, faults: faults,
        isMutant: false, exploring: true, with: &scratch)
      return !once.failures.isEmpty
    }
    var choices = failing.choices
    // The choices a first-ready schedule makes anyway cost nothing to drop.
    while choices.last == 0 { choices.removeLast() }
    guard budget > 0, await fails(choices) else { return failing }
    // Fewer choices: the shortest prefix that still fails, halving the cut while one does.
    var cut = choices.count / 2
    while cut > 0 {
      let shorter = Array(choices.dropLast(cut))
      if await fails(shorter) {
        choices = shorter
        while choices.last == 0 { choices.removeLast() }
      } else {
        cut /= 2
      }
    }
    return Schedule(.firstReady, choices: await Self.withFewerPreemptions(choices, failing: fails))
  }

  /// `choices` with fewer preemptions: each choice that preempts, from the last, taken back
  /// to the first ready job (0) while `fails` still holds for what is left; the zeros a
  /// first-ready schedule makes anyway are dropped from the end.
  ///
  /// - Parameters:
  ///   - choices: The choices of a schedule that fails.
  ///   - fails: Whether a first-ready schedule making these choices still fails.
  /// - Returns: The choices kept.
  static func withFewerPreemptions(
    _ choices: [Int], failing fails: ([Int]) async -> Bool
  ) async -> [Int] {
    var choices = choices
    for index in choices.indices.reversed() where index < choices.count && choices[index] != 0 {
      var fewer = choices
      fewer[index] = 0
      while fewer.last == 0 { fewer.removeLast() }
      if await fails(fewer) { choices = fewer }
    }
    return choices
  }

  /// Runs `scenario` once under `schedule`; returns its result and the schedule as run, with
  /// how many options each of its choices had.
  ///
  /// When `exploring` (more than one schedule, or one other than first-ready), a rule of the
  /// table, the invariants or the laws that its trajectory broke first fails it too (such a
  /// rule is what the order of its effects broke), and the effects that work outside the
  /// executor resumed are noted. Only then: whether that work resumes an effect after it
  /// suspended or before depends on timing, which a report of one schedule must not show.
  private func run<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ scenario: Scenario<M>, under schedule: Schedule, as subject: Subject<M>,
    faults: PlantedFaults, isMutant: Bool, exploring: Bool,
    with checker: inout StepChecker<M, Phase, Kind>
  ) async -> (ScenarioResult, (schedule: Schedule, choicePoints: [Int]))
  where M.State: Hashable, M.Event: Codable {
    let brokenBefore = checker.broken
    let clock = ContinuousClock()
    let start = clock.now
    let context = ScenarioContext<M>(subject: subject, schedule: schedule)
    let sink = FailureSink()
    var thrown: [String] = []
    await PlantedFaults.$current.withValue(faults) {
      await sink.collect {
        do {
          try await scenario.run(context)
        } catch {
          thrown.append("the scenario threw \(Render.value(error)): \(error.localizedDescription)")
        }
      }
      for store in context.stores {
        await store.settle()  // lets effects started by the last event finish, if they can
      }
    }
    let source = "scenario: \(scenario.name)"
    // A scenario whose sends race its effects covers states that depend on timing, so the
    // report would not be a function of the contract. An effect that runs on the store's
    // executor only cannot race: a schedule orders its next event and the send, and the
    // search tries both orders. So only effects whose work escaped the executor (a thread of
    // their own, a callback) are checked. Checked on the machine itself: a mutant is judged
    // by the contract's rules, not by how it schedules.
    let escaped = context.escapedWork
    let races =
      isMutant || escaped.isEmpty ? [] : context.stores.flatMap { $0.races(escaping: escaped) }
    var trajectories: [[ReportedMove]] = []
    for store in context.stores {
      let (states, events) = store.trajectory
      checker.state(states[0], source: source, path: "(start)")
      var moves: [ReportedMove] = []
      for (index, event) in events.enumerated() {
        let path = Render.path(Array(events.prefix(index + 1)))
        checker.step(
          from: states[index], on: event, to: states[index + 1], source: source, path: path)
        checker.state(states[index + 1], source: source, path: path)
        if let move = checker.contract.move(from: states[index], on: event, to: states[index + 1]) {
          moves.append(move.reported)
        }
      }
      trajectories.append(moves)
    }
    var result = ScenarioResult(
      name: scenario.name,
      failures: thrown + sink.failures.map(\.message) + context.failedChecks + races,
      budgets: context.budgets,
      durationSeconds: seconds(start.duration(to: clock.now)), trajectories: trajectories)
    let broke = checker.broken.subtracting(brokenBefore).sorted()
    if exploring, !broke.isEmpty {
      result.failures.append("its trajectory broke \(broke.joined(separator: ", "))")
    }
    if exploring { result.escapedWork = context.escapedWork }
    return (result, (context.schedule, context.choicePoints))
  }

  // MARK: - Regressions

  /// A saved failure path, as written by `--save-failures`: the rule and the events as
  /// values, replayed by value.
  struct SavedFailure<Event: Codable>: Codable {
    var contract: String
    var rule: Rule
    var initialState: Int
    var events: [Event]
  }

  private func replayRegressions<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>, with explorer: Explorer<M, Phase, Kind>
  ) -> [RegressionResult] where M.State: Hashable, M.Event: Codable {
    guard let (folder, files) = savedFiles(of: contract.name, schedules: false) else { return [] }
    return files.map { file in
      let url = folder.appendingPathComponent(file)
      let saved: SavedFailure<M.Event>
      do {
        saved = try JSONDecoder().decode(SavedFailure<M.Event>.self, from: Data(contentsOf: url))
      } catch {
        return RegressionResult(
          file: file,
          failure: "not a saved failure path of the \(contract.name) contract: \(error)")
      }
      guard saved.contract == contract.name else {
        return RegressionResult(
          file: file, failure: "saved for the \(saved.contract) contract, not \(contract.name)")
      }
      guard contract.initialStates.indices.contains(saved.initialState) else {
        return RegressionResult(file: file, failure: "initial state \(saved.initialState) is gone")
      }
      var rules =
        contract.invariants.map { Rule.invariant($0.name) } + contract.laws.map { .law($0.name) }
      if case .undeclaredMove = saved.rule { rules.append(saved.rule) }
      for rule in rules {
        if let (step, broken) = explorer.firstFailure(
          of: rule, origin: saved.initialState, events: saved.events)
        {
          return RegressionResult(
            file: file, failure: "fails again: \(rule) at step \(step), in \(Render.value(broken))")
        }
      }
      return RegressionResult(file: file, failure: nil)
    }
  }

  /// The saved files of the contract named `contract`, sorted, and their folder: the failing
  /// schedules (`schedule-*.json`), or the failure paths (every other `*.json`); `nil` when
  /// no regressions folder is given.
  private func savedFiles(of contract: String, schedules: Bool) -> (URL, [String])? {
    guard let root = options.regressionsDirectory else { return nil }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(contract)
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") && $0.hasPrefix(SavedSchedule.prefix) == schedules }
    return (folder, files.sorted())
  }

  /// `text` as a file name: lowercased letters and digits, runs of anything else one `-`, at
  /// most 60 characters.
  private static func fileName(_ text: String) -> Substring {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-").prefix(60)
  }

  /// A scenario's failing schedule, as written by `--save-failures`: the scenario by name and
  /// the shrunk schedule, replayed as that scenario under that schedule.
  struct SavedSchedule: Codable {
    /// Every saved schedule's file name starts with this.
    static let prefix = "schedule-"
    var contract: String
    var scenario: String
    var schedule: String
  }

  /// Replays the saved failing schedules of `contract`: each scenario under its schedule,
  /// every check on it.
  private func replaySchedules<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>, as subject: Subject<M>, faults: PlantedFaults
  ) async -> [RegressionResult] where M.State: Hashable, M.Event: Codable {
    guard let (folder, files) = savedFiles(of: contract.name, schedules: true) else { return [] }
    var results: [RegressionResult] = []
    for file in files {
      let url = folder.appendingPathComponent(file)
      guard
        let saved = try? JSONDecoder().decode(SavedSchedule.self, from: Data(contentsOf: url)),
        let schedule = Schedule(saved.schedule)
      else {
        results.append(
          RegressionResult(
            file: file, failure: "not a saved schedule of the \(contract.name) contract"))
        continue
      }
      guard saved.contract == contract.name else {
        results.append(
          RegressionResult(
            file: file, failure: "saved for the \(saved.contract) contract, not \(contract.name)"))
        continue
      }
      guard let scenario = contract.scenarios.first(where: { $0.name == saved.scenario }) else {
        results.append(
          RegressionResult(file: file, failure: "the scenario \"\(saved.scenario)\" is gone"))
        continue
      }
      var scratch = StepChecker(contract)
      let (once, _) = await run(
        scenario, under: schedule, as: subject, faults: faults, isMutant: false, exploring: true,
        with: &scratch)
      results.append(
        RegressionResult(
          file: file,
          failure: once.failures.first.map {
            "fails again under schedule \(saved.schedule): \($0)"
          }))
    }
    return results
  }

  /// Writes the schedule each failing scenario of `scenarios` names, shrunk, to replay.
  private func save<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    failingSchedulesOf scenarios: [ScenarioResult], of contract: Contract<M, Phase, Kind>
  ) {
    guard let root = options.regressionsDirectory else { return }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(contract.name)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    for scenario in scenarios where !scenario.failures.isEmpty {
      guard let schedule = scenario.schedule, schedule != Schedule.firstReady.description else {
        continue
      }
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let saved = SavedSchedule(
        contract: contract.name, scenario: scenario.name, schedule: schedule)
      if let data = try? encoder.encode(saved) {
        try? data.write(
          to: folder.appendingPathComponent(
            "\(SavedSchedule.prefix)\(Self.fileName(scenario.name)).json"))
      }
    }
  }

  private func save<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ failures: [Explorer<M, Phase, Kind>.Found], of contract: Contract<M, Phase, Kind>
  ) where M.State: Hashable, M.Event: Codable {
    guard let root = options.regressionsDirectory, !failures.isEmpty else { return }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(contract.name)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    for failure in failures {
      let saved = SavedFailure(
        contract: contract.name, rule: failure.rule, initialState: failure.origin,
        events: failure.events)
      let name = "\(Self.fileName("\(failure.rule)"))-\(failure.events.count).json"
      if let data = try? encoder.encode(saved) {
        try? data.write(to: folder.appendingPathComponent(name))
      }
    }
  }
}

extension ContractRunner {
  /// Runs the whole contract once per machine-derived mutant, under its name before 0.9.
  ///
  /// - Parameter contract: The contract.
  /// - Returns: The verdict on every mutant.
  @available(*, deprecated, renamed: "machineMutants(of:)")
  public func strength<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    of contract: Contract<M, Phase, Kind>
  ) async -> MachineMutantReport where M.State: Hashable, M.Event: Codable {
    await machineMutants(of: contract)
  }
}
