import Loop
import LoopTesting

/// Walks a contract's machine through its pure reducer: breadth-first to a depth, then seeded
/// random walks deeper, checking every invariant and the table at every step.
///
/// States are deduplicated (`Hashable`), so the breadth-first search visits each state once
/// and a path to a failure it finds is a shortest one. A failure found by a random walk is
/// shrunk: events are removed one at a time, and the prefix cut at the first failing step,
/// while the same rule still breaks, until no single removal keeps it failing.
public struct Explorer<M: Machine, Phase: ContractLabel, Kind: ContractLabel>: Sendable
where M.State: Hashable, M.Event: Codable {
  /// The contract explored.
  public let contract: Contract<M, Phase, Kind>
  /// The limits.
  public let limits: ExplorationLimits
  /// The machine walked: the contract's, or a mutant's.
  let subject: Subject<M>
  /// Whether to stop at the first failure (a mutant needs only one to be killed).
  let stopsAtFirstFailure: Bool

  /// Creates an explorer.
  ///
  /// - Parameters:
  ///   - contract: The contract whose machine to walk.
  ///   - limits: How far and how wide.
  public init(_ contract: Contract<M, Phase, Kind>, limits: ExplorationLimits = ExplorationLimits())
  {
    self.init(contract, limits: limits, subject: Subject(), stopsAtFirstFailure: false)
  }

  init(
    _ contract: Contract<M, Phase, Kind>, limits: ExplorationLimits, subject: Subject<M>,
    stopsAtFirstFailure: Bool
  ) {
    self.contract = contract
    self.limits = limits
    self.subject = subject
    self.stopsAtFirstFailure = stopsAtFirstFailure
  }

  private struct Node {
    let state: M.State
    let phase: Phase
    let parent: Int
    let event: M.Event?
    let origin: Int
    let depth: Int
  }

  /// A failure as found: the rule, and the path to it as values.
  struct Found: Sendable {
    var rule: Rule
    var origin: Int
    var events: [M.Event]
    var state: M.State
  }

  /// What one exploration found, with the rows it exercised.
  public struct Outcome: Sendable {
    /// Figures and failures, as the report shows them.
    public var report: ExplorationReport
    /// The table rows exploration exercised.
    public var exercised: Set<Move<Phase, Kind>>
    /// Every distinct state reached.
    public var states: Int { report.statesExplored }
    /// The failures, with their paths as events.
    var found: [Found]
    /// Case names of events whose case has no kind.
    var unnamedCases: Set<String>
  }

  /// Explores and returns the figures, the rows exercised and the failures, shrunk.
  ///
  /// - Returns: The outcome.
  public func run() -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    let allowed = Set(contract.table)
    var report = ExplorationReport()
    report.seed = limits.seed
    var exercised = Set<Move<Phase, Kind>>()
    var unnamed = Set<String>()
    var failed = Set<Rule>()
    var failures: [Found] = []
    var nodes: [Node] = []
    var index: [M.State: Int] = [:]

    func path(to node: Int) -> [M.Event] {
      var events: [M.Event] = []
      var current = node
      while current >= 0, let event = nodes[current].event {
        events.append(event)
        current = nodes[current].parent
      }
      return events.reversed()
    }
    func finished() -> Outcome {
      report.statesExplored = index.count
      report.failures = failures.map(reported)
      report.durationSeconds = seconds(start.duration(to: clock.now))
      report.stepsPerSecond =
        report.durationSeconds > 0 ? Double(report.steps) / report.durationSeconds : 0
      return Outcome(
        report: report, exercised: exercised, found: failures, unnamedCases: unnamed)
    }
    /// Checks one step's move; returns the rule it breaks, if any.
    func check(_ from: Phase, _ event: M.Event, _ to: Phase) -> Rule? {
      guard let kind = contract.kind(event) else {
        unnamed.insert(CaseName.of(event))
        return nil
      }
      let move = Move(from, on: kind, to: to)
      if allowed.contains(move) {
        exercised.insert(move)
        return nil
      }
      return .undeclaredMove(move.reported)
    }

    // Breadth-first, level by level.
    for (origin, initial) in contract.initialStates.enumerated() where index[initial] == nil {
      index[initial] = nodes.count
      nodes.append(
        Node(
          state: initial, phase: contract.phase(initial), parent: -1, event: nil, origin: origin,
          depth: 0))
      for rule in broken(initial) where failed.insert(rule).inserted {
        failures.append(Found(rule: rule, origin: origin, events: [], state: initial))
      }
    }
    var cursor = 0
    while cursor < nodes.count {
      if stopsAtFirstFailure, !failures.isEmpty { return finished() }
      let node = nodes[cursor]
      let here = cursor
      cursor += 1
      guard node.depth < limits.depth else { continue }
      report.depth = max(report.depth, node.depth + 1)
      for event in contract.alphabet(node.state) {
        var next = node.state
        subject.reduce(&next, event)
        report.steps += 1
        let known = index[next]
        let phase = known.map { nodes[$0].phase } ?? contract.phase(next)
        if let rule = check(node.phase, event, phase), failed.insert(rule).inserted {
          failures.append(
            Found(rule: rule, origin: node.origin, events: path(to: here) + [event], state: next))
        }
        guard known == nil, nodes.count < limits.maxStates else { continue }
        index[next] = nodes.count
        nodes.append(
          Node(
            state: next, phase: phase, parent: here, event: event, origin: node.origin,
            depth: node.depth + 1))
        for rule in broken(next) where failed.insert(rule).inserted {
          failures.append(
            Found(rule: rule, origin: node.origin, events: path(to: here) + [event], state: next))
        }
      }
    }

    // Random walks from the deepest states found, deeper.
    var random = SplitMix64(seed: limits.seed)
    let deepest = nodes.indices.filter { nodes[$0].depth == report.depth }
    let starts = deepest.isEmpty ? Array(nodes.indices) : deepest
    for _ in 0..<(starts.isEmpty ? 0 : limits.randomWalks) {
      if stopsAtFirstFailure, !failures.isEmpty { return finished() }
      report.randomWalks += 1
      let from = starts[Int(random.next() % UInt64(starts.count))]
      var state = nodes[from].state
      var phase = nodes[from].phase
      var walk: [M.Event] = []
      for _ in 0..<limits.walkLength {
        let events = contract.alphabet(state)
        guard !events.isEmpty else { break }
        let event = events[Int(random.next() % UInt64(events.count))]
        var next = state
        subject.reduce(&next, event)
        report.steps += 1
        walk.append(event)
        let nextPhase = contract.phase(next)
        if let rule = check(phase, event, nextPhase) {
          if failed.insert(rule).inserted {
            failures.append(shrunk(rule, origin: nodes[from].origin, events: path(to: from) + walk))
          }
          break
        }
        if index[next] == nil, index.count < limits.maxStates * 2 {
          index[next] = -1
          let rules = broken(next)
          for rule in rules where failed.insert(rule).inserted {
            failures.append(
              shrunk(rule, origin: nodes[from].origin, events: path(to: from) + walk))
          }
          if !rules.isEmpty { break }
        }
        state = next
        phase = nextPhase
      }
    }
    return finished()
  }

  private func broken(_ state: M.State) -> [Rule] {
    contract.invariants.filter { !$0.holds(state) }.map { .invariant($0.name) }
  }

  /// A failure as the report shows it.
  func reported(_ found: Found) -> ExplorationFailure {
    var move: ReportedMove?
    if case .undeclaredMove(let undeclared) = found.rule { move = undeclared }
    return ExplorationFailure(
      rule: found.rule, move: move, events: found.events.map { ValueRendering.render($0) },
      initialState: found.origin,
      state: Render.value(found.state))
  }

  /// Replays `events` from initial state `origin`: the index of the first step where `rule`
  /// breaks, or `nil` when it never does.
  func firstFailure(of rule: Rule, origin: Int, events: [M.Event]) -> (Int, M.State)? {
    var state = contract.initialStates[origin]
    if broken(state).contains(rule) { return (0, state) }
    for (offset, event) in events.enumerated() {
      var next = state
      subject.reduce(&next, event)
      let move = contract.move(from: state, on: event, to: next)
      if move.map({ rule == .undeclaredMove($0.reported) }) == true
        || broken(next).contains(rule)
      {
        return (offset + 1, next)
      }
      state = next
    }
    return nil
  }

  /// Shrinks a failing path: cut after the first failing step, then drop single events while
  /// the rule still breaks, until no removal keeps it failing.
  func shrunk(_ rule: Rule, origin: Int, events: [M.Event]) -> Found {
    guard firstFailure(of: rule, origin: origin, events: events) != nil else {
      return Found(
        rule: rule, origin: origin, events: events, state: contract.initialStates[origin])
    }
    var current = events
    var changed = true
    while changed {
      changed = false
      if let (cut, _) = firstFailure(of: rule, origin: origin, events: current), cut < current.count
      {
        current = Array(current.prefix(cut))
      }
      for position in current.indices.reversed() {
        var candidate = current
        candidate.remove(at: position)
        if let (cut, _) = firstFailure(of: rule, origin: origin, events: candidate) {
          current = Array(candidate.prefix(cut))
          changed = true
          break
        }
      }
    }
    let final = firstFailure(of: rule, origin: origin, events: current)
    return Found(
      rule: rule, origin: origin, events: current,
      state: final?.1 ?? contract.initialStates[origin])
  }
}

/// A duration in seconds, as a `Double`.
func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// How far and how wide to explore.
public struct ExplorationLimits: Sendable, Hashable {
  /// The breadth-first depth.
  public var depth: Int
  /// The most distinct states the breadth-first search keeps.
  public var maxStates: Int
  /// How many random walks follow the breadth-first search.
  public var randomWalks: Int
  /// The length of each random walk.
  public var walkLength: Int
  /// The seed of the random walks.
  public var seed: UInt64

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - depth: The breadth-first depth.
  ///   - maxStates: The most distinct states kept.
  ///   - randomWalks: Random walks after the breadth-first search.
  ///   - walkLength: Events per random walk.
  ///   - seed: The random walks' seed.
  public init(
    depth: Int = 6, maxStates: Int = 200_000, randomWalks: Int = 200, walkLength: Int = 40,
    seed: UInt64 = 1
  ) {
    self.depth = depth
    self.maxStates = maxStates
    self.randomWalks = randomWalks
    self.walkLength = walkLength
    self.seed = seed
  }
}
