/// Everything ``ContractRunner`` found about one contract, as a value.
///
/// No printing, no test framework: the `conformance` command renders it as text, JSON or
/// JUnit.
public struct ContractReport: Sendable, Codable, Hashable {
  /// The contract's name.
  public var contract: String
  /// Each example row, checked on the reducer and through a live store.
  public var examples: [ExampleResult] = []
  /// Each invariant, with how many states it was checked in.
  public var invariants: [InvariantResult] = []
  /// Each scenario, with its call budgets.
  public var scenarios: [ScenarioResult] = []
  /// Each table row, with what exercised it.
  public var table: [RowCoverage] = []
  /// Moves observed that the table does not list.
  public var undeclaredMoves: [UndeclaredMove] = []
  /// What exploration did.
  public var exploration = ExplorationReport()
  /// Saved failure paths replayed from earlier runs.
  public var regressions: [RegressionResult] = []
  /// Wall time of the whole run, in seconds.
  public var durationSeconds: Double = 0

  /// Creates an empty report for `contract`.
  ///
  /// - Parameter contract: The contract's name.
  public init(contract: String) {
    self.contract = contract
  }

  /// Whether every check passed.
  ///
  /// Rows nothing exercised are reported, not failed.
  public var passed: Bool {
    failures.isEmpty
  }

  /// One line per failed check, in the order the report lists them.
  public var failures: [String] {
    var lines: [String] = []
    for example in examples {
      if let failure = example.failure { lines.append("example \"\(example.name)\": \(failure)") }
    }
    for invariant in invariants {
      if let failure = invariant.failure {
        lines.append("invariant \"\(invariant.name)\": \(failure)")
      }
    }
    for scenario in scenarios {
      for failure in scenario.failures { lines.append("scenario \"\(scenario.name)\": \(failure)") }
      for budget in scenario.budgets {
        if let failure = budget.failure {
          lines.append("scenario \"\(scenario.name)\": budget \(budget.dependency): \(failure)")
        }
      }
    }
    for move in undeclaredMoves {
      lines.append("undeclared move \(move.move) (\(move.source)): \(move.path)")
    }
    for regression in regressions {
      if let failure = regression.failure {
        lines.append("regression \(regression.file): \(failure)")
      }
    }
    return lines
  }

  /// The number of checks made and failed: examples, invariants, scenarios, budgets, the
  /// table and regressions each count once per entry.
  public var counts: (checks: Int, failed: Int) {
    let budgets = scenarios.flatMap(\.budgets)
    let checks =
      examples.count + invariants.count + scenarios.count + budgets.count + 1 + regressions.count
    let failed =
      examples.filter { $0.failure != nil }.count + invariants.filter { $0.failure != nil }.count
      + scenarios.filter { !$0.failures.isEmpty }.count
      + budgets.filter { $0.failure != nil }.count + (undeclaredMoves.isEmpty ? 0 : 1)
      + regressions.filter { $0.failure != nil }.count
    return (checks, failed)
  }
}

/// The outcome of one example row.
public struct ExampleResult: Sendable, Codable, Hashable {
  /// The row's name.
  public var name: String
  /// What went wrong: a diff, or a reducer/store disagreement; `nil` when it passed.
  public var failure: String?
}

/// The outcome of one invariant over every state checked.
public struct InvariantResult: Sendable, Codable, Hashable {
  /// The rule.
  public var name: String
  /// In how many distinct states it was checked.
  public var statesChecked: Int
  /// The first violation: the state and how it was reached; `nil` when it held everywhere.
  public var failure: String?
}

/// The outcome of one call budget.
public struct BudgetResult: Sendable, Codable, Hashable {
  /// The dependency ("search").
  public var dependency: String
  /// The budget in words ("exactly 1, with swift").
  public var expected: String
  /// The calls recorded.
  public var actualCount: Int
  /// What broke the budget; `nil` when it was kept.
  public var failure: String?
}

/// The outcome of one scenario.
public struct ScenarioResult: Sendable, Codable, Hashable {
  /// The scenario's name.
  public var name: String
  /// Failures reported by its stores and checks.
  public var failures: [String]
  /// Its call budgets.
  public var budgets: [BudgetResult]
  /// Wall time, in seconds.
  public var durationSeconds: Double
}

/// One table row and what exercised it.
public struct RowCoverage: Sendable, Codable, Hashable {
  /// The row.
  public var move: Move
  /// Where it was seen.
  ///
  /// Entries read `example: …`, `scenario: …` or `exploration`; empty when nothing did.
  public var exercisedBy: [String]
}

/// A move that happened but that the table does not allow.
public struct UndeclaredMove: Sendable, Codable, Hashable {
  /// The move.
  public var move: Move
  /// Where it was seen.
  public var source: String
  /// The events that led to it, from the start state.
  public var path: String
}

/// What exploration did and found.
public struct ExplorationReport: Sendable, Codable, Hashable {
  /// Distinct states reached.
  public var statesExplored = 0
  /// Reducer steps taken (breadth-first and random walks).
  public var steps = 0
  /// The breadth-first depth reached.
  public var depth = 0
  /// Random walks taken after the breadth-first search.
  public var randomWalks = 0
  /// The seed of the random walks.
  public var seed: UInt64 = 0
  /// Wall time, in seconds.
  public var durationSeconds: Double = 0
  /// Failures found, each shrunk to the shortest event sequence found.
  public var failures: [ExplorationFailure] = []

  /// Reducer steps per second.
  public var stepsPerSecond: Double = 0

  /// Creates an empty exploration report.
  public init() {}
}

/// A failure exploration found: the rule broken and the shortest path to it.
public struct ExplorationFailure: Sendable, Codable, Hashable {
  /// The invariant broken, or `undeclared move <move>`.
  public var rule: String
  /// The move the table does not list, for an undeclared move.
  public var move: Move?
  /// The events from the start state, shrunk.
  public var events: [String]
  /// Which initial state the path starts from (index into the contract's `initialStates`).
  public var initialState: Int
  /// The state where the rule broke.
  public var state: String
}

/// The outcome of replaying one saved failure path.
public struct RegressionResult: Sendable, Codable, Hashable {
  /// The fixture file.
  public var file: String
  /// What failed again, or why the path could not be replayed; `nil` when it now passes.
  public var failure: String?
}
