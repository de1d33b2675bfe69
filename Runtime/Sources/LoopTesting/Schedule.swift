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
/// seed, to look for orders the default never takes. A schedule that made a test fail is
/// printed with the failure (`Schedule: random-7/1.0`); giving it back to the store
/// (`TestStore(..., schedule: Schedule("random-7/1.0"))`) replays the same choices.
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

  /// The schedule as text: `first-ready` or `random-SEED`, then `/` and the choices joined by
  /// dots when there are any (a first-ready schedule that always took the first job has none
  /// worth writing).
  public var description: String {
    let name =
      switch strategy {
      case .firstReady: "first-ready"
      case .random(let seed): "random-\(seed)"
      }
    if choices.isEmpty || (strategy == .firstReady && choices.allSatisfy { $0 == 0 }) {
      return name
    }
    return name + "/" + choices.map(String.init).joined(separator: ".")
  }

  /// Reads a schedule written as ``description`` writes it; `nil` for any other text.
  ///
  /// - Parameter description: `first-ready`, `random-SEED`, either followed by `/` and
  ///   dot-separated choices.
  public init?(_ description: String) {
    let parts = description.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let strategy: Strategy
    if parts[0] == "first-ready" {
      strategy = .firstReady
    } else if parts[0].hasPrefix("random-"), let seed = UInt64(parts[0].dropFirst(7)) {
      strategy = .random(seed: seed)
    } else {
      return nil
    }
    var choices: [Int] = []
    if parts.count == 2 {
      for choice in parts[1].split(separator: ".", omittingEmptySubsequences: false) {
        guard let index = Int(choice), index >= 0 else { return nil }
        choices.append(index)
      }
    }
    self.init(strategy, choices: choices)
  }
}

/// Makes the picks of one ``Schedule``, recording each.
struct Scheduler: Sendable {
  /// The schedule as run: its strategy and the choices made so far.
  private(set) var schedule: Schedule
  /// The choices to make first.
  private let given: [Int]
  private var generator: SplitMix64

  init(_ schedule: Schedule) {
    self.given = schedule.choices
    self.schedule = Schedule(schedule.strategy)
    switch schedule.strategy {
    case .firstReady: generator = SplitMix64(seed: 0)
    case .random(let seed): generator = SplitMix64(seed: seed)
    }
  }

  /// The index of the job to run among `count` ready ones; with one ready, 0, and no choice
  /// is recorded.
  ///
  /// A send of the test with jobs ready is a choice too, between two: 0 sends now, 1 runs a
  /// ready job first (and asks again).
  mutating func pick(among count: Int) -> Int {
    guard count > 1 else { return 0 }
    // Drawn on every choice, given or not, so a replayed prefix leaves the generator where
    // the original run had it.
    let drawn = Int(generator.next() % UInt64(count))
    let index: Int
    if schedule.choices.count < given.count {
      index = min(given[schedule.choices.count], count - 1)
    } else {
      index = schedule.strategy == .firstReady ? 0 : drawn
    }
    schedule.choices.append(index)
    return index
  }
}
