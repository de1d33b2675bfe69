import Dispatch
import Loop
import LoopTesting

/// Walks a contract's machine through its pure reducer: breadth-first to a depth, then seeded
/// random walks deeper, checking the table and every law at every step and every invariant
/// in every state.
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
  /// How many threads expand a level of the breadth-first search; the outcome is the same
  /// for any number.
  let workers: Int

  /// Creates an explorer.
  ///
  /// - Parameters:
  ///   - contract: The contract whose machine to walk.
  ///   - limits: How far and how wide.
  public init(_ contract: Contract<M, Phase, Kind>, limits: ExplorationLimits = ExplorationLimits())
  {
    self.init(
      contract, limits: limits, subject: Subject(), stopsAtFirstFailure: false, workers: 1)
  }

  init(
    _ contract: Contract<M, Phase, Kind>, limits: ExplorationLimits, subject: Subject<M>,
    stopsAtFirstFailure: Bool, workers: Int
  ) {
    self.contract = contract
    self.limits = limits
    self.subject = subject
    self.stopsAtFirstFailure = stopsAtFirstFailure
    self.workers = max(1, workers)
  }

  /// One step from a state, worked out by a worker: the event, where it leads, that state's
  /// phase, whether it was known, and the move and table row it makes.
  private struct Successor: Sendable {
    let event: M.Event
    let next: M.State
    /// The hash of `next`, worked out by the worker.
    let hash: Int
    let phase: Phase
    /// The node of `next` when it was known before this level; `nil` when it is new, or was
    /// first reached in this level (the merge looks again).
    let known: Int?
    /// The move the step makes, when the event has a kind.
    let move: Move<Phase, Kind>?
    /// The table row of ``move``; `nil` when the table does not allow it.
    let row: Int?
    /// The laws that judge the step, and those it breaks, by index in the contract's laws;
    /// `nil` when the contract has none (no work, and nothing to count, on that path).
    let laws: (judged: [Int], broken: [Int])?
  }

  /// A failure found in a level, with where the sequential search would have found it, so
  /// that failures are recorded in the same order whatever the number of workers.
  private struct Candidate {
    /// The step's position in the level (node, then event), then 0 for the move check and
    /// 1 for the new state's invariants, which the sequential search checks in that order.
    let position: (step: Int, check: Int)
    let found: Found
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
    /// The state before the last step, for a broken law.
    var before: M.State? = nil
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
    /// How many steps each law judged, by index in the contract's laws.
    public var lawSteps: [Int]
    /// The distinct states the breadth-first search reached, in the order it reached them.
    var reached: [M.State]
  }

  /// Explores and returns the figures, the rows exercised and the failures, shrunk.
  ///
  /// - Returns: The outcome.
  public func run() -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    let allowed = Set(contract.table)
    // Each row's number, so the workers find a step's row and the merge marks it in an array.
    let rows = Dictionary(contract.table.enumerated().map { ($1, $0) }) { first, _ in first }
    var exercisedRows = Array(repeating: false, count: contract.table.count)
    var report = ExplorationReport()
    report.seed = limits.seed
    var exercised = Set<Move<Phase, Kind>>()
    var unnamed = Set<String>()
    var lawSteps = Array(repeating: 0, count: contract.laws.count)
    let judgesLaws = !contract.laws.isEmpty
    var failed = Set<Rule>()
    var failures: [Found] = []
    var nodes: [Node] = []
    var index = NodeIndex()
    // States only random walks reached: their invariants are checked once.
    // They are indexed too, as -1, -2, ...: one lookup tells a walk whether a state is new.
    var walked: [M.State] = []
    func stateOf(_ node: Int) -> M.State { node >= 0 ? nodes[node].state : walked[-1 - node] }

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
        report: report,
        exercised: exercised.union(
          contract.table.indices.filter { exercisedRows[$0] }.map {
            contract.table[$0]
          }),
        found: failures, unnamedCases: unnamed, lawSteps: lawSteps,
        reached: contract.roundTrips.isEmpty ? [] : nodes.map(\.state))
    }
    /// Checks one step's move; returns the rule it breaks, if any.
    func check(_ from: Phase, _ event: M.Event, _ kind: Kind?, _ to: Phase) -> Rule? {
      guard let kind else {
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

    // Breadth-first, level by level: the successors of a level, and the invariants of the
    // states new in it, are worked out in parallel; merging them into the index, recording
    // moves and failures, happens in order, as a sequential search would.
    for (origin, initial) in contract.initialStates.enumerated()
    where index.node(hash: initial.hashValue, matches: { nodes[$0].state == initial }) == nil {
      index.insert(hash: initial.hashValue, node: nodes.count)
      nodes.append(
        Node(
          state: initial, phase: contract.phase(initial), parent: -1, event: nil, origin: origin,
          depth: 0))
      for rule in broken(initial) where failed.insert(rule).inserted {
        failures.append(Found(rule: rule, origin: origin, events: [], state: initial))
      }
    }
    var levelStart = 0
    while levelStart < nodes.count {
      if stopsAtFirstFailure, !failures.isEmpty { return finished() }
      let level = levelStart..<nodes.count
      levelStart = nodes.count
      let depth = nodes[level.lowerBound].depth
      guard depth < limits.depth else { continue }
      report.depth = max(report.depth, depth + 1)
      // Most successors reach states known before this level: the workers look them up (and
      // compare the states) in copies of the index and the nodes, which nothing changes while
      // they run, and which are gone before the merge changes the originals (no copy made).
      let expansions = { [index, nodes] in
        parallelMap(level.count) { offset in
          let parent = nodes[level.lowerBound + offset]
          return contract.alphabet(parent.state).map { event in
            var next = parent.state
            subject.reduce(&next, event)
            let hash = next.hashValue
            let phase = contract.phase(next)
            let move = contract.kind(event).map { Move(parent.phase, on: $0, to: phase) }
            return Successor(
              event: event, next: next, hash: hash, phase: phase,
              known: index.node(hash: hash, matches: { nodes[$0].state == next }), move: move,
              row: move.flatMap { rows[$0] },
              laws: judgesLaws ? contract.judge(parent.state, event, next) : nil)
          }
        }
      }()
      var candidates: [Candidate] = []
      var added: [(node: Int, step: Int)] = []
      var step = 0
      for (offset, successors) in expansions.enumerated() {
        let here = level.lowerBound + offset
        for successor in successors {
          defer { step += 1 }
          report.steps += 1
          let known =
            successor.known
            ?? index.node(hash: successor.hash, matches: { nodes[$0].state == successor.next })
          let phase = successor.phase
          if let row = successor.row {
            exercisedRows[row] = true
          } else if let move = successor.move {
            let rule = Rule.undeclaredMove(move.reported)
            candidates.append(
              Candidate(
                position: (step, 0),
                found: Found(
                  rule: rule, origin: nodes[here].origin,
                  events: path(to: here) + [successor.event], state: successor.next)))
          } else {
            unnamed.insert(CaseName.of(successor.event))
          }
          for law in successor.laws?.judged ?? [] { lawSteps[law] += 1 }
          for law in successor.laws?.broken ?? [] {
            candidates.append(
              Candidate(
                position: (step, 0),
                found: Found(
                  rule: .law(contract.laws[law].name), origin: nodes[here].origin,
                  events: path(to: here) + [successor.event], state: successor.next,
                  before: nodes[here].state)))
          }
          guard known == nil, nodes.count < limits.maxStates else { continue }
          index.insert(hash: successor.hash, node: nodes.count)
          added.append((nodes.count, step))
          nodes.append(
            Node(
              state: successor.next, phase: phase, parent: here, event: successor.event,
              origin: nodes[here].origin, depth: depth + 1))
        }
      }
      let states = added.map { nodes[$0.node].state }
      let brokenRules = parallelMap(states.count) { broken(states[$0]) }
      for (item, rules) in zip(added, brokenRules) where !rules.isEmpty {
        let node = nodes[item.node]
        for rule in rules {
          candidates.append(
            Candidate(
              position: (item.step, 1),
              found: Found(
                rule: rule, origin: node.origin, events: path(to: item.node), state: node.state)))
        }
      }
      candidates.sort { $0.position < $1.position }
      for candidate in candidates where failed.insert(candidate.found.rule).inserted {
        failures.append(candidate.found)
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
        var brokenLaw: Rule?
        if judgesLaws {
          let laws = contract.judge(state, event, next)
          for law in laws.judged { lawSteps[law] += 1 }
          brokenLaw = laws.broken.first.map { Rule.law(contract.laws[$0].name) }
        }
        if let rule = brokenLaw ?? check(phase, event, contract.kind(event), nextPhase) {
          if failed.insert(rule).inserted {
            failures.append(shrunk(rule, origin: nodes[from].origin, events: path(to: from) + walk))
          }
          break
        }
        let hash = next.hashValue
        if index.node(hash: hash, matches: { stateOf($0) == next }) == nil,
          index.count < limits.maxStates * 2
        {
          index.insert(hash: hash, node: -1 - walked.count)
          walked.append(next)
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

  /// `transform` of `0..<count`, in order, worked out by up to ``workers`` threads in
  /// contiguous chunks; on the calling thread alone when the work is small.
  private func parallelMap<T: Sendable>(
    _ count: Int, _ transform: @Sendable (Int) -> T
  ) -> [T] {
    let chunks = min(workers, count / 64)
    guard chunks > 1 else { return (0..<count).map(transform) }
    let results = ChunkResults<T>(count: chunks)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
      results.store(range.map(transform), at: chunk)
    }
    return results.joined()
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
      state: Render.value(found.state), before: found.before.map { Render.value($0) })
  }

  /// Replays `events` from initial state `origin`: the index of the first step where `rule`
  /// breaks, or `nil` when it never does.
  func firstFailure(of rule: Rule, origin: Int, events: [M.Event]) -> (Int, M.State)? {
    firstFailingStep(of: rule, origin: origin, events: events).map { ($0.step, $0.after) }
  }

  /// The first step of `events` where `rule` breaks, with the states around it.
  private func firstFailingStep(of rule: Rule, origin: Int, events: [M.Event])
    -> (step: Int, before: M.State?, after: M.State)?
  {
    var state = contract.initialStates[origin]
    if broken(state).contains(rule) { return (0, nil, state) }
    var law: Int?
    if case .law(let name) = rule { law = contract.laws.firstIndex { $0.name == name } }
    for (offset, event) in events.enumerated() {
      var next = state
      subject.reduce(&next, event)
      let move = contract.move(from: state, on: event, to: next)
      if move.map({ rule == .undeclaredMove($0.reported) }) == true
        || law.map({ contract.judge(state, event, next).broken.contains($0) }) == true
        || broken(next).contains(rule)
      {
        return (offset + 1, state, next)
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
    let final = firstFailingStep(of: rule, origin: origin, events: current)
    var before: M.State?
    if case .law = rule { before = final?.before }
    return Found(
      rule: rule, origin: origin, events: current,
      state: final?.after ?? contract.initialStates[origin], before: before)
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
