import Dispatch
import Loop
import LoopTesting

/// Walks a contract's machine through its pure reducer: breadth-first to a depth, then seeded
/// random walks deeper, checking the table and every law at every step and every invariant
/// in every state.
///
/// States are deduplicated by fingerprint (their 64-bit hash), so the breadth-first search
/// visits each state once and a path to a failure it finds is a shortest one. It keeps whole
/// states only in its frontier, and of every other state its fingerprint and how it was
/// reached: memory follows the states, about 30 bytes each beyond the frontier. The chance
/// that two states share a fingerprint is in the report. A failure found by a random walk is
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
  /// Told how far the exploration has got, after each batch of the breadth-first search and
  /// each random walk: a progress line's figures.
  let progress: (@Sendable (ExplorationProgress) -> Void)?
  /// Asked after each batch and each walk: once it returns `true` (Ctrl-C), the exploration
  /// stops where it is, with a report marked partial.
  let isInterrupted: @Sendable () -> Bool

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
    stopsAtFirstFailure: Bool, workers: Int,
    progress: (@Sendable (ExplorationProgress) -> Void)? = nil,
    isInterrupted: @escaping @Sendable () -> Bool = { false }
  ) {
    self.contract = contract
    self.limits = limits
    self.subject = subject
    self.stopsAtFirstFailure = stopsAtFirstFailure
    self.workers = max(1, workers)
    self.progress = progress
    self.isInterrupted = isInterrupted
  }

  /// One step from a state, worked out by a worker: the event and its place in the parent's
  /// alphabet, where it leads and that state's phase, and the move and table row it makes.
  private struct Successor: Sendable {
    let event: M.Event
    /// The event's index in the alphabet of the state it was sent in.
    let choice: Int
    let next: M.State
    /// The fingerprint of `next`: its hash, worked out by the worker.
    let hash: Int
    let phase: Phase
    /// The move the step makes, when the event has a kind.
    let move: Move<Phase, Kind>?
    /// The table row of ``move``; `nil` when the table does not allow it.
    let row: Int?
    /// The laws that judge the step, and those it breaks, by index in the contract's laws;
    /// `nil` when the contract has none (no work, and nothing to count, on that path).
    let laws: (judged: [Int], broken: [Int])?
  }

  /// A failure found in a level, with where the sequential search would have found it.
  ///
  /// So failures are recorded in the same order whatever the number of workers. Its path is
  /// rebuilt only if it is the first failure of its rule.
  private struct Candidate {
    /// The step's position in the level (node, then event), then 0 for the move check and
    /// 1 for the new state's invariants, which the sequential search checks in that order.
    let position: (step: Int, check: Int)
    let rule: Rule
    /// The node whose path leads to the failure.
    let node: Int
    /// The step after that path, for a failing step; `nil` for a new state's invariant.
    let event: M.Event?
    let state: M.State
    var before: M.State? = nil
  }

  /// A state the breadth-first search will expand: the only states it keeps whole.
  private struct FrontierState: Sendable {
    let state: M.State
    let phase: Phase
    /// Its node in the search tree.
    let node: Int
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
    /// How many distinct states the breadth-first search reached.
    var reachedCount: Int
    /// The `n`th state the breadth-first search reached (0 ..< ``reachedCount``), rebuilt
    /// from the initial state along the path that first reached it.
    var reachedState: @Sendable (Int) -> M.State
  }

  /// How many states of a level the workers expand at a time: the successors of one batch are
  /// all the search holds beyond the frontier, so memory follows the states, not the steps.
  static var batch: Int { 512 }

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
    // Every state reached (by the search or a walk) as a fingerprint, and how the search first
    // reached each of its states; whole states only in the frontier.
    var seen = Set<Int>()
    var tree = SearchTree()
    // The level being expanded, in batches: a batch is let go once expanded, so the search
    // holds about one level of whole states, not two.
    var frontier: [[FrontierState]] = [[]]

    func finished() -> Outcome {
      report.statesExplored = seen.count
      report.fingerprintCollisionChance = SearchTree.collisionChance(of: seen.count)
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
        reachedCount: tree.count,
        // A capture list of copies: capturing the run's own values would box them for its
        // whole length, and cost a metadata lookup on every use in the loops below.
        reachedState: { [tree, contract = self.contract, subject = self.subject] node in
          Self.rebuild(node, in: tree, contract: contract, subject: subject).state
        })
    }
    func tell(depth: Int) {
      progress?(
        ExplorationProgress(
          depth: depth, states: seen.count, steps: report.steps,
          elapsedSeconds: seconds(start.duration(to: clock.now))))
    }
    func interrupted() -> Bool {
      guard isInterrupted() else { return false }
      report.isPartial = true
      return true
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

    for (origin, initial) in contract.initialStates.enumerated()
    where seen.insert(initial.hashValue).inserted {
      let node = tree.addRoot(origin: origin)
      frontier[0].append(
        FrontierState(state: initial, phase: contract.phase(initial), node: node))
      for rule in broken(initial) where failed.insert(rule).inserted {
        failures.append(Found(rule: rule, origin: origin, events: [], state: initial))
      }
    }
    // Breadth-first, level by level, a batch of the level at a time: the successors of a
    // batch, and the invariants of the states new in it, are worked out in parallel; merging
    // them into the fingerprints, recording moves and failures, happens in order, as a
    // sequential search would.
    var depth = 0
    // Closures, not key paths, over the private nested types in this method: a key path to a
    // member of a private generic type gets accessor thunks the optimizer will not let other
    // modules see, and then it keeps the whole method from them (unspecialized, B5 went from
    // 1,600 to 6,400 instructions a step).
    var (deepest, deepestDepth) = (frontier[0].map { $0.node }, 0)
    search: while !frontier[0].isEmpty, depth < limits.depth {
      if stopsAtFirstFailure, !failures.isEmpty { return finished() }
      report.depth = depth + 1
      // The states of the last level are not expanded: only their nodes are kept, for the
      // random walks to start from (each rebuilt from its path).
      let keepsStates = depth + 1 < limits.depth
      var next: [[FrontierState]] = [[]]
      var nextNodes: [Int] = []
      var step = 0
      for index in frontier.indices {
        let parents = frontier[index]
        frontier[index] = []
        let expansions = {
          parallelMap(parents.count) { offset in
            let parent = parents[offset]
            return contract.alphabet(parent.state).enumerated().map { choice, event in
              var next = parent.state
              subject.reduce(&next, event)
              let phase = contract.phase(next)
              let move = contract.kind(event).map { Move(parent.phase, on: $0, to: phase) }
              return Successor(
                event: event, choice: choice, next: next, hash: next.hashValue, phase: phase,
                move: move, row: move.flatMap { rows[$0] },
                laws: judgesLaws ? contract.judge(parent.state, event, next) : nil)
            }
          }
        }()
        var candidates: [Candidate] = []
        var added: [FrontierState] = []
        var addedSteps: [Int] = []
        for (offset, successors) in expansions.enumerated() {
          let parent = parents[offset]
          for successor in successors {
            defer { step += 1 }
            report.steps += 1
            if let row = successor.row {
              exercisedRows[row] = true
            } else if let move = successor.move {
              candidates.append(
                Candidate(
                  position: (step, 0), rule: .undeclaredMove(move.reported), node: parent.node,
                  event: successor.event, state: successor.next))
            } else {
              unnamed.insert(CaseName.of(successor.event))
            }
            for law in successor.laws?.judged ?? [] { lawSteps[law] += 1 }
            for law in successor.laws?.broken ?? [] {
              candidates.append(
                Candidate(
                  position: (step, 0), rule: .law(contract.laws[law].name), node: parent.node,
                  event: successor.event, state: successor.next, before: parent.state))
            }
            if tree.count < limits.maxStates {
              guard seen.insert(successor.hash).inserted else { continue }
            } else {
              guard !seen.contains(successor.hash) else { continue }
              if report.limitReached == nil {
                report.limitReached = ExplorationLimitReached(
                  limit: "maxStates", value: limits.maxStates, depth: depth + 1)
              }
              continue
            }
            let node = tree.add(parent: parent.node, choice: successor.choice)
            addedSteps.append(step)
            added.append(FrontierState(state: successor.next, phase: successor.phase, node: node))
          }
        }
        let brokenRules = { [added] in parallelMap(added.count) { broken(added[$0].state) } }()
        for (offset, rules) in brokenRules.enumerated() {
          let new = added[offset]
          for rule in rules {
            candidates.append(
              Candidate(
                position: (addedSteps[offset], 1), rule: rule, node: new.node, event: nil,
                state: new.state))
          }
        }
        candidates.sort { $0.position < $1.position }
        for candidate in candidates where failed.insert(candidate.rule).inserted {
          var found = Self.rebuild(candidate.node, in: tree, contract: contract, subject: subject)
          if let event = candidate.event { found.events.append(event) }
          failures.append(
            Found(
              rule: candidate.rule, origin: found.origin, events: found.events,
              state: candidate.state, before: candidate.before))
        }
        nextNodes += added.map { $0.node }
        if keepsStates {
          for state in added {
            if next[next.count - 1].count == Self.batch { next.append([]) }
            next[next.count - 1].append(state)
          }
        }
        tell(depth: depth + 1)
        if interrupted() { break search }
      }
      depth += 1
      frontier = next
      if !nextNodes.isEmpty { (deepest, deepestDepth) = (nextNodes, depth) }
      // A level cut short by the limit is the last: a deeper one would miss states it has.
      if report.limitReached != nil { break }
    }
    frontier = [[]]

    // Random walks from the deepest states found, deeper.
    var random = SplitMix64(seed: limits.seed)
    let starts = report.depth == deepestDepth ? deepest : Array(0..<tree.count)
    for _ in 0..<(starts.isEmpty || report.isPartial ? 0 : limits.randomWalks) {
      if stopsAtFirstFailure, !failures.isEmpty { return finished() }
      if interrupted() { break }
      report.randomWalks += 1
      let from = starts[Int(random.next() % UInt64(starts.count))]
      let path = Self.rebuild(from, in: tree, contract: contract, subject: subject)
      var state = path.state
      var phase = contract.phase(state)
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
            failures.append(shrunk(rule, origin: path.origin, events: path.events + walk))
          }
          break
        }
        if seen.count < limits.maxStates * 2, seen.insert(next.hashValue).inserted {
          let rules = broken(next)
          for rule in rules where failed.insert(rule).inserted {
            failures.append(shrunk(rule, origin: path.origin, events: path.events + walk))
          }
          if !rules.isEmpty { break }
        }
        state = next
        phase = nextPhase
      }
      tell(depth: report.depth)
    }
    return finished()
  }

  /// The path to `node` of `tree` as events, and the state at its end: replayed from its
  /// initial state, each event picked from the alphabet by the place the search noted.
  private static func rebuild(
    _ node: Int, in tree: SearchTree, contract: Contract<M, Phase, Kind>, subject: Subject<M>
  ) -> (origin: Int, events: [M.Event], state: M.State) {
    let (origin, choices) = tree.path(to: node)
    var state = contract.initialStates[origin]
    var events: [M.Event] = []
    events.reserveCapacity(choices.count)
    for choice in choices {
      let event = contract.alphabet(state)[choice]
      subject.reduce(&state, event)
      events.append(event)
    }
    return (origin, events, state)
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
  /// The most distinct states the breadth-first search keeps (10 million by default, about
  /// 300 MB beyond the frontier's states); the search stops in the depth that reaches them,
  /// and the report says so (``ExplorationReport/limitReached``).
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
    depth: Int = 6, maxStates: Int = 10_000_000, randomWalks: Int = 200, walkLength: Int = 40,
    seed: UInt64 = 1
  ) {
    self.depth = depth
    self.maxStates = maxStates
    self.randomWalks = randomWalks
    self.walkLength = walkLength
    self.seed = seed
  }
}
