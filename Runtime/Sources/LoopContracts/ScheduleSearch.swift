import LoopTesting

/// How the runner picks the schedules a scenario runs under after the first-ready one, when
/// ``ContractRunner/Options/schedules`` is more than 1 (`conformance --schedules N
/// --search S`).
///
/// - ``random``: seeded random schedules, each from the exploration seed, the scenario and
///   the run. Cheap, and finds bugs that many orders show.
/// - ``pct(depth:)``: PCT schedules (`Schedule.Strategy.pct`) of that depth, spread over as
///   many choices as the first-ready run made: a bug that needs `depth` orderings to go one
///   way is found in each run with a probability that does not shrink with the scenario's
///   length as a random walk's does.
/// - ``exhaustive(preemptions:)``: every schedule with at most that many preemptions (picks of
///   a job other than the one ready first), depth first, until the runs are used up. For
///   small scenarios it proves there is no failing order within the bound; the report says
///   when it ran them all.
///
/// Written `random`, `pct-3`, `exhaustive-2`.
public enum ScheduleSearch: Hashable, Sendable, CustomStringConvertible,
  LosslessStringConvertible
{
  /// Seeded random schedules.
  case random
  /// PCT schedules of `depth` (1 or more).
  case pct(depth: Int)
  /// Every schedule with at most `preemptions` preemptions, depth first.
  case exhaustive(preemptions: Int)

  /// The search as `--search` reads it.
  public var description: String {
    switch self {
    case .random: "random"
    case .pct(let depth): "pct-\(depth)"
    case .exhaustive(let preemptions): "exhaustive-\(preemptions)"
    }
  }

  /// Reads `random`, `pct-D` (D at least 1) or `exhaustive-P` (P at least 0).
  ///
  /// - Parameter description: The text.
  public init?(_ description: String) {
    let words = description.split(separator: "-", omittingEmptySubsequences: false)
    switch (words.first, words.count) {
    case ("random", 1):
      self = .random
    case ("pct", 2):
      guard let depth = Int(words[1]), depth >= 1 else { return nil }
      self = .pct(depth: depth)
    case ("exhaustive", 2):
      guard let preemptions = Int(words[1]), preemptions >= 0 else { return nil }
      self = .exhaustive(preemptions: preemptions)
    default:
      return nil
    }
  }
}

/// The schedules of one scenario, one run at a time: each is decided from the runs before it
/// (PCT spreads its changes over the first run's choices; the exhaustive search goes on from
/// the last run's choices).
struct ScheduleQueue {
  private let search: ScheduleSearch
  /// How many schedules at most.
  let runs: Int
  /// The one schedule to run, when replaying one.
  private var replaying: Schedule?
  /// Seeds the random and PCT schedules.
  private let seed: UInt64
  /// How many schedules were handed out.
  private(set) var handedOut = 0
  /// Whether the exhaustive search has run every schedule within its bound.
  private(set) var exhausted = false
  /// How many choices the first-ready run made.
  private var firstRunChoices = 1

  /// The queue of `runs` schedules by `search`, seeded with `seed`.
  init(search: ScheduleSearch, runs: Int, seed: UInt64) {
    self.search = search
    self.runs = max(1, runs)
    self.seed = seed
  }

  /// The queue of one schedule, `schedule`: a failing one replayed.
  init(replaying schedule: Schedule) {
    self.init(search: .random, runs: 1, seed: 0)
    replaying = schedule
  }

  /// Whether it runs more than one schedule.
  var isExploring: Bool { runs > 1 }

  /// The next schedule to run, after the last one ran as `ran` with `choicePoints` options at
  /// its choices (`nil` before the first); `nil` when the runs are used up or the search has
  /// nothing left.
  ///
  /// An exhaustive search stops once work outside the executor (`escaped`) has resumed the
  /// scenario's effects: what is ready at each choice depends on that work, so the same
  /// choices do not lead to the same schedule, and there is no tree to walk.
  mutating func next(after ran: Schedule?, choicePoints: [Int], escaped: Bool = false)
    -> Schedule?
  {
    guard let ran else {
      handedOut = 1
      return replaying ?? .firstReady
    }
    if handedOut == 1 { firstRunChoices = max(1, ran.choices.count) }
    let next: Schedule?
    switch search {
    case .random:
      next = .random(seed: seed(forRun: handedOut))
    case .pct(let depth):
      next = .pct(seed: seed(forRun: handedOut), depth: depth, steps: firstRunChoices)
    case .exhaustive(let bound):
      guard !escaped else { return nil }
      next = Self.nextDepthFirst(after: ran.choices, choicePoints: choicePoints, bound: bound)
      exhausted = next == nil
    }
    guard handedOut < runs, let next else { return nil }
    handedOut += 1
    return next
  }

  private func seed(forRun run: Int) -> UInt64 {
    var seeds = SplitMix64(seed: seed ^ UInt64(run))
    return seeds.next()
  }

  /// The schedule after `choices` in a depth-first walk of every schedule with at most
  /// `bound` preemptions.
  ///
  /// The last choice that can take its next option within the bound does, and every choice
  /// after it takes the first-ready job; `nil` when none can.
  static func nextDepthFirst(
    after choices: [Int], choicePoints: [Int], bound: Int
  ) -> Schedule? {
    var prefix = Array(choices.prefix(choicePoints.count))
    var options = Array(choicePoints.prefix(prefix.count))
    while let last = prefix.popLast(), let count = options.popLast() {
      let preemptions = prefix.count { $0 != 0 }
      if last + 1 < count, preemptions + 1 <= bound {
        return Schedule(.firstReady, choices: prefix + [last + 1])
      }
    }
    return nil
  }
}
