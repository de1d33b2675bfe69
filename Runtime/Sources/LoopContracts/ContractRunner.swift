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

    /// Creates options.
    ///
    /// - Parameters:
    ///   - exploration: Exploration limits.
    ///   - regressionsDirectory: Where saved failure paths live.
    ///   - saveFailures: Whether to save new exploration failures there.
    public init(
      exploration: ExplorationLimits = .init(),
      regressionsDirectory: String? = nil,
      saveFailures: Bool = false
    ) {
      self.exploration = exploration
      self.regressionsDirectory = regressionsDirectory
      self.saveFailures = saveFailures
    }
  }

  /// The options.
  public let options: Options

  /// Creates a runner.
  ///
  /// - Parameter options: How to run.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Runs every check of `contract`.
  ///
  /// - Parameter contract: The contract.
  /// - Returns: The report.
  public func run<M: Machine>(_ contract: Contract<M>) async -> ContractReport
  where M.State: Hashable {
    let clock = ContinuousClock()
    let start = clock.now
    var report = ContractReport(contract: contract.name)
    var checker = StepChecker(contract)

    for example in contract.examples {
      report.examples.append(await check(example, of: contract, with: &checker))
    }
    for scenario in contract.scenarios {
      report.scenarios.append(await run(scenario, of: contract, with: &checker))
    }

    let explorer = Explorer(contract, limits: options.exploration)
    let outcome = explorer.run()
    report.exploration = outcome.report
    for move in outcome.exercised {
      checker.exercised(move, by: "exploration")
    }
    for failure in outcome.report.failures {
      let path =
        "from initial state \(failure.initialState): \(failure.events.joined(separator: ", "))"
      if let move = failure.move {
        report.undeclaredMoves.append(UndeclaredMove(move: move, source: "exploration", path: path))
      } else {
        checker.merge(
          violation: "broken in \(failure.state), reached by exploration \(path)",
          for: failure.rule)
      }
    }
    report.regressions = replayRegressions(of: contract, with: explorer)
    if options.saveFailures { save(outcome.report.failures, of: contract.name) }

    let statesChecked = checker.statesChecked.count + outcome.states
    report.invariants = contract.invariants.map {
      InvariantResult(
        name: $0.name, statesChecked: statesChecked, failure: checker.violations[$0.name])
    }
    report.undeclaredMoves = checker.undeclared + report.undeclaredMoves
    report.table = contract.table.map {
      RowCoverage(move: $0, exercisedBy: (checker.hits[$0] ?? []).sorted())
    }
    report.durationSeconds = seconds(start.duration(to: clock.now))
    return report
  }

  // MARK: - Examples

  private func check<M: Machine>(
    _ example: Example<M.State, M.Event>, of contract: Contract<M>,
    with checker: inout StepChecker<M>
  ) async -> ExampleResult where M.State: Hashable {
    let source = "example: \(example.name)"
    var problems: [String] = []
    var pure = example.given
    M.reducer(&pure, example.event)
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
      initial: example.given, reducer: M.reducer, feedbacks: contract.makeMachine().feedbacks,
      instrumentation: StoreInstrumentation(observe: { transitions.record($0) }))
    store.send(example.event)
    await transitions.waitForUserTransition()
    store.cancel()
    if let (before, after) = transitions.userTransition(from: example.given) {
      var expected = before
      M.reducer(&expected, example.event)
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

  private func run<M: Machine>(
    _ scenario: Scenario<M>, of contract: Contract<M>, with checker: inout StepChecker<M>
  ) async -> ScenarioResult where M.State: Hashable {
    let clock = ContinuousClock()
    let start = clock.now
    let context = ScenarioContext<M>()
    let sink = FailureSink()
    await sink.collect { await scenario.run(context) }
    for store in context.stores {
      await store.settle()  // lets effects started by the last event finish, if they can
    }
    let source = "scenario: \(scenario.name)"
    for store in context.stores {
      let (states, events) = store.trajectory
      checker.state(states[0], source: source, path: "(start)")
      for (index, event) in events.enumerated() {
        let path = Render.path(Array(events.prefix(index + 1)))
        checker.step(
          from: states[index], on: event, to: states[index + 1], source: source, path: path)
        checker.state(states[index + 1], source: source, path: path)
      }
    }
    return ScenarioResult(
      name: scenario.name,
      failures: sink.failures.map(\.message) + context.failedChecks,
      budgets: context.budgets,
      durationSeconds: seconds(start.duration(to: clock.now)))
  }

  // MARK: - Regressions

  /// A saved failure path, as written by `--save-failures`.
  struct SavedFailure: Codable {
    var contract: String
    var rule: String
    var initialState: Int
    var events: [String]
  }

  private func replayRegressions<M: Machine>(
    of contract: Contract<M>, with explorer: Explorer<M>
  ) -> [RegressionResult] where M.State: Hashable {
    guard let root = options.regressionsDirectory else { return [] }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(contract.name)
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted()
    return files.map { file in
      let url = folder.appendingPathComponent(file)
      guard let data = try? Data(contentsOf: url),
        let saved = try? JSONDecoder().decode(SavedFailure.self, from: data)
      else {
        return RegressionResult(file: file, failure: "not a saved failure path (unreadable JSON)")
      }
      guard contract.initialStates.indices.contains(saved.initialState) else {
        return RegressionResult(file: file, failure: "initial state \(saved.initialState) is gone")
      }
      // Events are saved by description and found again in the alphabet, step by step.
      var state = contract.initialStates[saved.initialState]
      var events: [M.Event] = []
      for (step, description) in saved.events.enumerated() {
        guard let event = contract.alphabet(state).first(where: { "\($0)" == description }) else {
          return RegressionResult(
            file: file,
            failure: "cannot replay: \(description) is not in the alphabet at step \(step + 1)")
        }
        events.append(event)
        M.reducer(&state, event)
      }
      let origin = saved.initialState
      let allRules =
        contract.invariants.map(\.name) + [saved.rule].filter { $0.hasPrefix("undeclared move") }
      for rule in allRules {
        if let (step, broken) = explorer.firstFailure(of: rule, origin: origin, events: events) {
          return RegressionResult(
            file: file,
            failure: "fails again: \(rule) at step \(step), in \(Render.value(broken))")
        }
      }
      return RegressionResult(file: file, failure: nil)
    }
  }

  private func save(_ failures: [ExplorationFailure], of contract: String) {
    guard let root = options.regressionsDirectory, !failures.isEmpty else { return }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(contract)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    for failure in failures {
      let saved = SavedFailure(
        contract: contract, rule: failure.rule, initialState: failure.initialState,
        events: failure.events)
      let slug = String(failure.rule.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
      let name = "\(slug.prefix(60))-\(failure.events.count).json"
      if let data = try? encoder.encode(saved) {
        try? data.write(to: folder.appendingPathComponent(name))
      }
    }
  }
}
