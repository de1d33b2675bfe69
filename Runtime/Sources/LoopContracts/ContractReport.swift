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
  /// Each law, with how many steps it judged.
  public var laws: [LawResult] = []
  /// Each round trip, with how many states it was checked on.
  public var roundTrips: [RoundTripResult] = []
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
  /// What is wrong with the table itself: rows nothing exercised, phases or kinds no row
  /// mentions, event cases with no kind, initial states the alphabet offers no event in.
  public var tableProblems: [String] = []
  /// Distinct states seen by examples and scenarios.
  ///
  /// Scenario trajectories depend on how
  /// effects interleave, so this count can differ between runs; exploration's cannot.
  public var scenarioStates = 0
  /// The contract's verdict on each machine-derived mutant, when run with `--mutate`.
  public var machineMutants: MachineMutantReport?
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
  /// A row nothing exercised fails, as every other table problem does.
  public var passed: Bool {
    failures.isEmpty
  }

  /// One line per failed check, in the order the report lists them.
  public var failures: [String] {
    failedChecks.map { "\($0.rule): \($0.message)" }
  }

  /// Every failed check, with the rule it belongs to, in the order the report lists them.
  public var failedChecks: [CheckFailure] {
    var found: [CheckFailure] = []
    for example in examples {
      if let failure = example.failure { found.append(.init(.example(example.name), failure)) }
    }
    for invariant in invariants {
      if let failure = invariant.failure {
        found.append(.init(.invariant(invariant.name), failure))
      }
    }
    for law in laws {
      if let failure = law.failure { found.append(.init(.law(law.name), failure)) }
    }
    for trip in roundTrips {
      if let failure = trip.failure { found.append(.init(.roundTrip(trip.name), failure)) }
    }
    for scenario in scenarios {
      for failure in scenario.failures { found.append(.init(.scenario(scenario.name), failure)) }
      for budget in scenario.budgets {
        if let failure = budget.failure {
          found.append(
            .init(.budget(scenario: scenario.name, dependency: budget.dependency), failure))
        }
      }
    }
    for move in undeclaredMoves {
      found.append(.init(.undeclaredMove(move.move), "(\(move.source)): \(move.path)"))
    }
    for problem in tableProblems {
      found.append(.init(.table, problem))
    }
    for regression in regressions {
      if let failure = regression.failure {
        found.append(.init(.regression(file: regression.file), failure))
      }
    }
    return found
  }

  /// The number of checks made and failed: examples, invariants, laws, round trips,
  /// scenarios, budgets, the table and regressions each count once per entry.
  public var counts: (checks: Int, failed: Int) {
    let budgets = scenarios.flatMap(\.budgets)
    let checks =
      examples.count + invariants.count + laws.count + roundTrips.count + scenarios.count
      + budgets.count + 1 + regressions.count
    let failed =
      examples.filter { $0.failure != nil }.count + invariants.filter { $0.failure != nil }.count
      + laws.filter { $0.failure != nil }.count + roundTrips.filter { $0.failure != nil }.count
      + scenarios.filter { !$0.failures.isEmpty }.count
      + budgets.filter { $0.failure != nil }.count
      + (undeclaredMoves.isEmpty && tableProblems.isEmpty ? 0 : 1)
      + regressions.filter { $0.failure != nil }.count
    return (checks, failed)
  }
}

/// One failed check: its rule and what went wrong.
public struct CheckFailure: Sendable, Hashable {
  /// The check.
  public var rule: Rule
  /// What went wrong, possibly on several lines.
  public var message: String

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - rule: The check.
  ///   - message: What went wrong.
  public init(_ rule: Rule, _ message: String) {
    self.rule = rule
    self.message = message
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
  /// In how many distinct states exploration checked it (the same for a given seed, every run).
  public var statesChecked: Int
  /// The first violation: the state and how it was reached; `nil` when it held everywhere.
  public var failure: String?
}

/// The outcome of one law over every step checked.
public struct LawResult: Sendable, Codable, Hashable {
  /// The rule.
  public var name: String
  /// In how many steps exploration judged it.
  ///
  /// Those whose event is of one of its kinds: the same for a given seed, every run. Example, scenario and recording steps are judged
  /// too, but not counted here, as scenario trajectories can depend on timing.
  public var stepsChecked: Int
  /// The first violation: the step, the states before and after it, and how it was reached;
  /// `nil` when it held on every step.
  public var failure: String?
}

/// The outcome of one round trip over the states it was checked on.
public struct RoundTripResult: Sendable, Codable, Hashable {
  /// The codec.
  public var name: String
  /// On how many distinct explored states it was checked: a seeded sample of those the
  /// breadth-first search reached, the same for a given seed, every run, up to the first that
  /// failed.
  public var statesChecked: Int
  /// The first value that came back different, with the field diff, or the error; `nil`
  /// when every value came back equal.
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
  /// The moves each of its stores took, in order, one list per store (events of no kind
  /// left out): under the first schedule, or the one that failed.
  public var trajectories: [[ReportedMove]] = []
  /// How many schedules it ran under (it stops at the first that fails).
  public var schedules = 1
  /// How many different trajectories those schedules gave.
  public var distinctTrajectories = 1
  /// The schedule it failed under, shrunk, as `conformance --schedule` reads it; `nil` when
  /// it passed.
  public var schedule: String?
  /// Under an exhaustive search (`ScheduleSearch.exhaustive(preemptions:)`), whether it ran
  /// every schedule within the bound; `nil` under other searches.
  ///
  /// Never `true` for a scenario with ``escapedWork``: what is ready at each choice depends
  /// on that work, so the same choices may not lead to the same schedule.
  public var allSchedulesRun: Bool?
  /// The effects that work outside the test executor resumed, by feedback.
  ///
  /// That work is a thread of their own, a callback or a real clock's timer; each entry is
  /// the word feedback and the feedback's name in backticks, or `a child task`. When they run
  /// depends on that work, not only on the schedule. Noted only while exploring schedules (and
  /// seen only in runs where the work resumed an effect after it suspended, not before); empty
  /// when the schedule controlled everything.
  public var escapedWork: [String] = []
}

/// One table row and what exercised it.
public struct RowCoverage: Sendable, Codable, Hashable {
  /// The row.
  public var move: ReportedMove
  /// Where it was seen.
  ///
  /// Entries read `example: …`, `scenario: …` or `exploration`; empty when nothing did.
  public var exercisedBy: [String]
}

/// A move that happened but that the table does not allow.
public struct UndeclaredMove: Sendable, Codable, Hashable {
  /// The move.
  public var move: ReportedMove
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
  /// The limit the breadth-first search reached, if it reached one: it stopped there, so
  /// deeper states were not searched.
  public var limitReached: ExplorationLimitReached?
  /// The chance that two of the states reached share a fingerprint, so that the search took
  /// one for the other; `nil` in a report written before fingerprints.
  public var fingerprintCollisionChance: Double?
  /// Whether the run was interrupted (Ctrl-C) before the exploration ended.
  public var isPartial = false

  /// Creates an empty exploration report.
  public init() {}

  private enum CodingKeys: String, CodingKey {
    case statesExplored, steps, depth, randomWalks, seed, durationSeconds, failures
    case stepsPerSecond, limitReached, fingerprintCollisionChance, isPartial
  }

  /// Reads a report, one written before `limitReached`, `fingerprintCollisionChance` and
  /// `isPartial` existed included.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when a field is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    statesExplored = try values.decode(Int.self, forKey: .statesExplored)
    steps = try values.decode(Int.self, forKey: .steps)
    depth = try values.decode(Int.self, forKey: .depth)
    randomWalks = try values.decode(Int.self, forKey: .randomWalks)
    seed = try values.decode(UInt64.self, forKey: .seed)
    durationSeconds = try values.decode(Double.self, forKey: .durationSeconds)
    failures = try values.decode([ExplorationFailure].self, forKey: .failures)
    stepsPerSecond = try values.decode(Double.self, forKey: .stepsPerSecond)
    limitReached = try values.decodeIfPresent(
      ExplorationLimitReached.self, forKey: .limitReached)
    fingerprintCollisionChance = try values.decodeIfPresent(
      Double.self, forKey: .fingerprintCollisionChance)
    isPartial = try values.decodeIfPresent(Bool.self, forKey: .isPartial) ?? false
  }
}

/// A limit of ``ExplorationLimits`` the breadth-first search reached.
public struct ExplorationLimitReached: Sendable, Codable, Hashable {
  /// The limit's name in ``ExplorationLimits``: `maxStates`.
  public var limit: String
  /// Its value.
  public var value: Int
  /// The depth of the level it cut short: the search went no deeper.
  public var depth: Int

  /// Creates a record of a limit reached.
  ///
  /// - Parameters:
  ///   - limit: The limit's name.
  ///   - value: Its value.
  ///   - depth: The level it cut short.
  public init(limit: String, value: Int, depth: Int) {
    self.limit = limit
    self.value = value
    self.depth = depth
  }
}

/// How far an exploration has got, for a progress line.
public struct ExplorationProgress: Sendable, Hashable {
  /// The depth of the level being searched.
  public var depth: Int
  /// Distinct states reached so far.
  public var states: Int
  /// Steps taken so far.
  public var steps: Int
  /// Seconds since the exploration began.
  public var elapsedSeconds: Double

  /// Creates figures of progress.
  ///
  /// - Parameters:
  ///   - depth: The depth of the level being searched.
  ///   - states: Distinct states reached so far.
  ///   - steps: Steps taken so far.
  ///   - elapsedSeconds: Seconds since the exploration began.
  public init(depth: Int, states: Int, steps: Int, elapsedSeconds: Double) {
    self.depth = depth
    self.states = states
    self.steps = steps
    self.elapsedSeconds = elapsedSeconds
  }
}

/// A failure exploration found: the rule broken and the shortest path to it.
public struct ExplorationFailure: Sendable, Codable, Hashable {
  /// The invariant broken, or the undeclared move.
  public var rule: Rule
  /// The move the table does not list, for an undeclared move.
  public var move: ReportedMove?
  /// The events from the start state, shrunk.
  public var events: [String]
  /// Which initial state the path starts from (index into the contract's `initialStates`).
  public var initialState: Int
  /// The state where the rule broke: after the step, for a broken law.
  public var state: String
  /// The state before the step, for a broken law; `nil` for the other rules.
  public var before: String? = nil
}

/// The outcome of replaying one saved failure path.
public struct RegressionResult: Sendable, Codable, Hashable {
  /// The fixture file.
  public var file: String
  /// What failed again, or why the path could not be replayed; `nil` when it now passes.
  public var failure: String?
}

extension ContractReport {
  /// The verdict on the machine-derived mutants, under its name before 0.9.
  @available(*, deprecated, renamed: "machineMutants")
  public var strength: MachineMutantReport? {
    get { machineMutants }
    set { machineMutants = newValue }
  }
}
