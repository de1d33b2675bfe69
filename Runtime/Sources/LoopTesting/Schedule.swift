/// The order in which a test store runs its effects' jobs when more than one is ready: a
/// strategy, and the choices made so far.
///
/// A ``TestStore`` runs every effect task, and the child tasks those effects create (task
/// groups, `async let`), on an executor of its own, one job at a time, on the thread of the
/// test call that waits (``TestStore/settle(timeout:fileID:filePath:line:column:)``,
/// ``TestStore/wait(timeout:until:fileID:filePath:line:column:)``, `advance`, `receive`,
/// `finish`). A job is the stretch of an effect between two suspensions. When several jobs are
/// ready at once (two sleepers woken by one `advance`, an answer and a cancellation), the
/// schedule picks which runs first, and records the pick.
///
/// The default, ``firstReady``, runs them in the order they became ready, so a test takes the
/// same trajectory on every run and on any machine. ``random(seed:)`` picks at random from a
/// seed, to look for orders the default never takes; ``pct(seed:depth:steps:)`` looks for
/// bugs that need a few particular orders (probabilistic concurrency testing). A schedule that
/// made a test fail is printed with the failure (`Schedule: random-7/1.0`); giving it back to
/// the store (`TestStore(..., schedule: Schedule("random-7/1.0"))`) replays the same choices.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(
///   initial: Search.State(),
///   machine: Search(catalog: .fixtures, clock: clock, localCatalog: { [] }),
///   clock: clock, exhaustivity: .off, schedule: .random(seed: 7))
/// ```
public struct Schedule: Hashable, Sendable, CustomStringConvertible, LosslessStringConvertible {
  /// How the next job is picked once the recorded choices are used up.
  public enum Strategy: Hashable, Sendable {
    /// The job that became ready first.
    case firstReady
    /// A job picked by a random generator seeded with `seed`.
    case random(seed: UInt64)
    /// Probabilistic concurrency testing (PCT, Burckhardt and others, 2010): each task gets
    /// a random priority when its first job is ready, the ready job of the task with the
    /// highest priority runs, and at `depth` - 1 of the first `steps` choices, drawn from
    /// `seed`, the task that was picked drops below every other.
    ///
    /// A bug that needs `depth` orderings to go a particular way, among `n` tasks, is found
    /// in each run with probability at least 1 / (n × `steps`^(`depth` - 1)), where a random
    /// walk can need exponentially many runs. `steps` is how many choices a run makes (a
    /// first-ready run's ``Schedule/choices`` count is a good value).
    case pct(seed: UInt64, depth: Int, steps: Int)
  }

  /// How jobs are picked after ``choices``.
  public var strategy: Strategy
  /// The picks made where more than one job was ready, in order.
  ///
  /// Each is the index of the job run among those ready, in the order they became ready. A
  /// store given a schedule makes these picks first.
  public var choices: [Int]

  /// Creates a schedule that makes `choices` first, then picks by `strategy`.
  ///
  /// - Parameters:
  ///   - strategy: How jobs are picked after the choices.
  ///   - choices: The picks to make first.
  public init(_ strategy: Strategy = .firstReady, choices: [Int] = []) {
    self.strategy = strategy
    self.choices = choices
  }

  /// Jobs in the order they became ready: the same trajectory on every run.
  public static var firstReady: Schedule { Schedule() }

  /// Jobs picked at random, from `seed`.
  ///
  /// - Parameter seed: The generator's seed; the same seed makes the same picks.
  /// - Returns: The schedule.
  public static func random(seed: UInt64) -> Schedule { Schedule(.random(seed: seed)) }

  /// Jobs picked by task priorities that change at `depth` - 1 random points (``Strategy/pct(seed:depth:steps:)``).
  ///
  /// - Parameters:
  ///   - seed: The generator's seed; the same seed makes the same picks.
  ///   - depth: How many orderings the bugs looked for need (1 or more).
  ///   - steps: How many choices a run makes, over which the priority changes are spread.
  /// - Returns: The schedule.
  public static func pct(seed: UInt64, depth: Int, steps: Int) -> Schedule {
    Schedule(.pct(seed: seed, depth: max(1, depth), steps: max(1, steps)))
  }

  /// How many choices picked a job other than the one that became ready first: the
  /// preemptions of the default order, which a shrunk schedule keeps as few as it can.
  public var preemptions: Int { choices.count { $0 != 0 } }

  /// The schedule as text: `first-ready`, `random-SEED` or `pct-SEED-dDEPTH-kSTEPS`, then `/`
  /// and the choices joined by dots when there are any worth writing (a first-ready schedule's
  /// last choices that took the first job are what it would pick anyway).
  public var description: String {
    let name =
      switch strategy {
      case .firstReady: "first-ready"
      case .random(let seed): "random-\(seed)"
      case .pct(let seed, let depth, let steps): "pct-\(seed)-d\(depth)-k\(steps)"
      }
    var written = choices[...]
    if strategy == .firstReady {
      while written.last == 0 { written = written.dropLast() }
    }
    guard !written.isEmpty else { return name }
    return name + "/" + written.map(String.init).joined(separator: ".")
  }

  /// Reads a schedule written as ``description`` writes it; `nil` for any other text.
  ///
  /// - Parameter description: `first-ready`, `random-SEED` or `pct-SEED-dDEPTH-kSTEPS`,
  ///   followed by `/` and dot-separated choices or not.
  public init?(_ description: String) {
    let parts = description.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let strategy = Self.strategy(named: parts[0]) else { return nil }
    var choices: [Int] = []
    if parts.count == 2 {
      for choice in parts[1].split(separator: ".", omittingEmptySubsequences: false) {
        guard let index = Int(choice), index >= 0 else { return nil }
        choices.append(index)
      }
    }
    self.init(strategy, choices: choices)
  }

  /// The strategy a schedule's text names before its choices.
  private static func strategy(named name: Substring) -> Strategy? {
    let words = name.split(separator: "-", omittingEmptySubsequences: false)
    switch (words.first, words.count) {
    case ("first", 2) where words[1] == "ready":
      return .firstReady
    case ("random", 2):
      return UInt64(words[1]).map { .random(seed: $0) }
    case ("pct", 4):
      guard let seed = UInt64(words[1]), words[2].first == "d", words[3].first == "k",
        let depth = Int(words[2].dropFirst()), let steps = Int(words[3].dropFirst()),
        depth >= 1, steps >= 1
      else { return nil }
      return .pct(seed: seed, depth: depth, steps: steps)
    default:
      return nil
    }
  }
}

/// Makes the picks of one ``Schedule``, recording each.
struct Scheduler: Sendable {
  /// The schedule as run: its strategy and the choices made so far.
  private(set) var schedule: Schedule
  /// How many jobs (or, before a send, options) there were at each choice of ``schedule``.
  private(set) var choicePoints: [Int] = []
  /// The choices to make first.
  private let given: [Int]
  private var generator: SplitMix64
  /// For ``Schedule/Strategy/pct(seed:depth:steps:)``: each task's priority, and the choices
  /// after which the task picked drops to a low one.
  private var priorities: Priorities?

  init(_ schedule: Schedule) {
    self.given = schedule.choices
    self.schedule = Schedule(schedule.strategy)
    switch schedule.strategy {
    case .firstReady: generator = SplitMix64(seed: 0)
    case .random(let seed): generator = SplitMix64(seed: seed)
    case .pct(let seed, let depth, let steps):
      generator = SplitMix64(seed: seed)
      priorities = Priorities(seed: seed, depth: depth, steps: steps)
    }
  }

  /// The index of the job to run among those ready, each named by its task; with one ready,
  /// 0, and no choice is recorded.
  ///
  /// A send of the test with jobs ready is a choice too, between two: 0 sends now (the test,
  /// task 0, goes first), 1 runs a ready job first (and asks again).
  mutating func pick(among tasks: [UInt]) -> Int {
    let count = tasks.count
    guard count > 1 else { return 0 }
    // Drawn on every choice, given or not, so a replayed prefix leaves the generator where
    // the original run had it.
    let drawn = Int(generator.next() % UInt64(count))
    let index: Int
    if schedule.choices.count < given.count {
      index = min(given[schedule.choices.count], count - 1)
    } else {
      switch schedule.strategy {
      case .firstReady: index = 0
      case .random: index = drawn
      case .pct: index = priorities?.highest(among: tasks) ?? 0
      }
    }
    priorities?.picked(tasks[index], atChoice: schedule.choices.count)
    schedule.choices.append(index)
    choicePoints.append(count)
    return index
  }

  /// Whether a ready job runs before the test's send: a choice between the test (0) and,
  /// under PCT, the ready task with the highest priority (1).
  mutating func runsJobBeforeSend(ready tasks: [UInt]) -> Bool {
    let job = priorities?.highest(among: tasks) ?? 0
    return pick(among: [0, tasks[job]]) == 1
  }
}

/// The task priorities of a PCT schedule.
///
/// Tasks are told apart by their job's address, which a task that ended may leave to a new
/// one, which then keeps its priority: that changes which schedules a seed makes, never a
/// replay, which follows the recorded choices.
private struct Priorities: Sendable {
  /// Each task's priority, drawn when the task is first among those ready.
  private var byTask: [UInt: UInt64] = [:]
  /// The choices after which the task picked drops, each to its own low priority.
  private let changes: [Int: UInt64]
  private var generator: SplitMix64
  /// The lowest priority a task gets when it is first seen: above every low one.
  private let floor: UInt64

  init(seed: UInt64, depth: Int, steps: Int) {
    var generator = SplitMix64(seed: seed ^ 0x5043_5400)
    var changes: [Int: UInt64] = [:]
    // depth - 1 distinct points among the first `steps` choices; at the i-th drawn, the task
    // picked drops to priority i, below every priority drawn for a task (as in the paper).
    let points = min(depth - 1, steps)
    var low: UInt64 = 1
    while changes.count < points {
      let point = Int(generator.next() % UInt64(steps))
      guard changes[point] == nil else { continue }
      changes[point] = low
      low += 1
    }
    self.changes = changes
    self.generator = generator
    self.floor = UInt64(depth)
  }

  /// The index of the task with the highest priority among `tasks`.
  mutating func highest(among tasks: [UInt]) -> Int {
    var best = 0
    var bestPriority: UInt64 = 0
    for (index, task) in tasks.enumerated() {
      let priority = self.priority(of: task)
      if priority > bestPriority { (best, bestPriority) = (index, priority) }
    }
    return best
  }

  /// Notes that `task` was picked at choice `choice`: at a change point, it drops.
  mutating func picked(_ task: UInt, atChoice choice: Int) {
    _ = priority(of: task)
    if let low = changes[choice] { byTask[task] = low }
  }

  private mutating func priority(of task: UInt) -> UInt64 {
    if let priority = byTask[task] { return priority }
    let priority = floor + 1 + generator.next() % (UInt64.max / 2)
    byTask[task] = priority
    return priority
  }
}
