/// The bookkeeping of one ``TestClock``: its time, its sleepers and who waits for them.
///
/// No tasks and no locks: the owner (``TestClock``) keeps this value in a `Mutex`, calls one
/// `mutating func` per input, and carries out what it returns: it resumes continuations
/// outside the lock, and begins and ends instrument waits inside it, together with the
/// registration or removal they mirror. `Sleeper` and `Waiter` are whatever the owner needs
/// to resume: continuations in the clock, plain values in this type's own tests.
///
/// A sleep takes two inputs, because a continuation exists only inside
/// `withCheckedThrowingContinuation` while the cancellation handler that may race it is set up
/// outside: ``sleep(until:)`` reserves an id (so a cancellation can name the sleep before it
/// is registered), then ``suspend(_:sleeper:)`` registers it. A cancellation in between
/// is remembered and answered by `suspend`. Sleepers are kept sorted by deadline, ties in the
/// order the sleeps began (ids grow with each reservation).
///
/// Sleeper-count waiters are the tests' way to know that tasks have gone to sleep without
/// polling: one registered for a count is handed back as soon as the count of sleepers
/// becomes that number.
struct TestClockStateMachine<Sleeper: Sendable, Waiter: Sendable> {
  typealias Instant = TestClock.Instant

  /// Names one sleep from its reservation to its end.
  struct SleeperID: Hashable, Sendable, CustomStringConvertible {
    fileprivate let rawValue: Int
    var description: String { "sleeper #\(rawValue)" }
  }

  /// Names one sleeper-count waiter from its reservation to its end.
  struct WaiterID: Hashable, Sendable, CustomStringConvertible {
    fileprivate let rawValue: Int
    var description: String { "sleeper-count waiter #\(rawValue)" }
  }

  /// The answer to ``sleep(until:)``.
  enum SleepAction: Equatable, Sendable {
    /// The deadline is not in the future: the sleep returns without suspending.
    case returnAtOnce
    /// Suspend, then register the continuation with ``suspend(_:sleeper:)``.
    case suspend(SleeperID)
  }

  /// The answer to ``suspend(_:sleeper:)``.
  enum SuspendAction: Sendable {
    /// The sleeper is registered; resume these sleeper-count waiters.
    case suspended(resuming: [Waiter])
    /// The clock reached the deadline after the reservation: resume the sleep now.
    case resumeAtOnce
    /// The sleep was cancelled after the reservation: resume it throwing now.
    case throwCancellation
  }

  /// The answer to ``cancelSleep(_:)``.
  enum CancelSleepAction: Sendable {
    /// Nothing to do: the sleep is not registered yet (``suspend(_:sleeper:)`` will
    /// answer the cancellation) or is already over.
    case none
    /// The sleeper is removed: end its wait, resume it throwing, resume these waiters.
    case resumeThrowing(Sleeper, resuming: [Waiter])
  }

  /// The sleepers to wake after moving the clock, and the sleeper-count waiters to resume.
  struct Wake: Sendable {
    /// In deadline order, ties in the order the sleeps began.
    var sleepers: [Sleeper] = []
    /// Waiters whose count the clock's sleeper count now is.
    var waiters: [Waiter] = []
  }

  /// The answer to ``advance(to:)`` and ``advance(by:)``.
  enum AdvanceAction: Sendable {
    /// The clock moved to the target; wake these sleepers (end their waits, then resume).
    case wake(Wake)
    /// The target is before ``now``: nothing changed; the caller made a mistake.
    case rejectBackwards(now: Instant, target: Instant)
  }

  /// The answer to ``waitForSleepers(count:)``.
  enum WaitForSleepersAction: Equatable, Sendable {
    /// The count is already that number.
    case returnAtOnce
    /// Suspend, then register the continuation with ``suspendWaiter(_:waiter:)``.
    case suspend(WaiterID)
  }

  /// The answer to ``suspendWaiter(_:waiter:)``.
  enum SuspendWaiterAction: Equatable, Sendable {
    /// The waiter is registered.
    case suspended
    /// The count became the awaited number after the reservation: resume now.
    case resumeAtOnce
    /// The wait was cancelled after the reservation: resume it throwing now.
    case throwCancellation
  }

  /// The answer to ``cancelWaiter(_:)``.
  enum CancelWaiterAction: Sendable {
    /// Nothing to do: not registered yet (``suspendWaiter(_:waiter:)`` will answer the
    /// cancellation) or already resumed.
    case none
    /// The waiter is removed: resume it throwing.
    case resumeThrowing(Waiter)
  }

  /// Where a reserved sleep or waiter stands before its continuation is registered.
  private enum Reservation {
    case sleep(deadline: Instant)
    case sleepCount(Int)
    case cancelled
  }

  private struct Entry {
    let id: SleeperID
    let deadline: Instant
    let sleeper: Sleeper
  }

  private struct CountWaiter {
    let id: WaiterID
    let count: Int
    let waiter: Waiter
  }

  /// The clock's current instant.
  private(set) var now: Instant
  /// The most sleepers that were ever registered at the same time.
  private(set) var maximumActiveSleeperCount = 0

  private var nextID = 0
  /// Registered sleepers, sorted by deadline, ties in the order the sleeps began.
  private var entries: [Entry] = []
  private var reservations: [Int: Reservation] = [:]
  private var countWaiters: [CountWaiter] = []

  init(now: Instant) {
    self.now = now
  }

  /// The deadlines of the registered sleepers, earliest first.
  var sleepers: [Instant] { entries.map(\.deadline) }

  /// The earliest deadline of a registered sleeper.
  var nextDeadline: Instant? { entries.first?.deadline }

  /// How many sleepers are registered.
  var activeSleeperCount: Int { entries.count }

  // MARK: Sleeping

  /// A task asks to sleep until `deadline`.
  mutating func sleep(until deadline: Instant) -> SleepAction {
    guard deadline > now else { return .returnAtOnce }
    let id = reserveID()
    reservations[id] = .sleep(deadline: deadline)
    return .suspend(SleeperID(rawValue: id))
  }

  /// The sleep `id` has its continuation: registers it unless time or cancellation overtook it.
  ///
  /// `makeSleeper` is called only when the sleeper is registered, still under the owner's
  /// lock: that is where the owner begins the instrument wait, so that no observer ever sees
  /// the task counted as waiting without the clock knowing it (or the other way round).
  mutating func suspend(_ id: SleeperID, sleeper makeSleeper: () -> Sleeper) -> SuspendAction {
    switch reservations.removeValue(forKey: id.rawValue) {
    case .cancelled:
      return .throwCancellation
    case .sleep(let deadline):
      // The clock may have been advanced between the reservation and now.
      guard deadline > now else { return .resumeAtOnce }
      // After every entry due earlier, or at the same instant but begun earlier.
      let index =
        entries.firstIndex { ($0.deadline, $0.id.rawValue) > (deadline, id.rawValue) }
        ?? entries.endIndex
      entries.insert(Entry(id: id, deadline: deadline, sleeper: makeSleeper()), at: index)
      maximumActiveSleeperCount = max(maximumActiveSleeperCount, entries.count)
      return .suspended(resuming: takeSatisfiedWaiters())
    case .sleepCount, nil:
      preconditionFailure("\(id) was suspended without a pending reservation")
    }
  }

  /// The task sleeping as `id` was cancelled.
  mutating func cancelSleep(_ id: SleeperID) -> CancelSleepAction {
    if let index = entries.firstIndex(where: { $0.id == id }) {
      let entry = entries.remove(at: index)
      return .resumeThrowing(entry.sleeper, resuming: takeSatisfiedWaiters())
    }
    switch reservations[id.rawValue] {
    case .sleep:
      reservations[id.rawValue] = .cancelled
      return .none
    case .cancelled, .sleepCount, nil:
      // A late cancellation: the sleep was already woken or returned at once. The task may be
      // cancelled at any moment after that; there is nothing left to stop.
      return .none
    }
  }

  // MARK: Moving time

  /// Moves the clock to `target`, waking every sleeper whose deadline is at or before it.
  ///
  /// Time passes through each deadline in order and stops at `target`; all of it happens in
  /// this one input, so every woken sleeper runs with the clock at `target`.
  mutating func advance(to target: Instant) -> AdvanceAction {
    guard target >= now else { return .rejectBackwards(now: now, target: target) }
    let due = entries.prefix { $0.deadline <= target }
    entries.removeFirst(due.count)
    now = target
    var wake = Wake(sleepers: due.map(\.sleeper))
    if !due.isEmpty { wake.waiters = takeSatisfiedWaiters() }
    return .wake(wake)
  }

  /// Moves the clock forward by `duration`; see ``advance(to:)``.
  mutating func advance(by duration: Duration) -> AdvanceAction {
    advance(to: now.advanced(by: duration))
  }

  /// Wakes every registered sleeper, moving the clock to the latest deadline (if later).
  mutating func run() -> Wake {
    guard let last = entries.last?.deadline else { return Wake() }
    guard case .wake(let wake) = advance(to: max(now, last)) else {
      preconditionFailure("running the clock moved it backwards from \(now) to \(last)")
    }
    return wake
  }

  // MARK: Waiting for sleepers

  /// A test asks to be resumed when exactly `count` sleepers are registered.
  mutating func waitForSleepers(count: Int) -> WaitForSleepersAction {
    guard entries.count != count else { return .returnAtOnce }
    let id = reserveID()
    reservations[id] = .sleepCount(count)
    return .suspend(WaiterID(rawValue: id))
  }

  /// The waiter `id` has its continuation: registers it unless the count or a cancellation
  /// overtook it.
  mutating func suspendWaiter(_ id: WaiterID, waiter: Waiter) -> SuspendWaiterAction {
    switch reservations.removeValue(forKey: id.rawValue) {
    case .cancelled:
      return .throwCancellation
    case .sleepCount(let count):
      guard entries.count != count else { return .resumeAtOnce }
      countWaiters.append(CountWaiter(id: id, count: count, waiter: waiter))
      return .suspended
    case .sleep, nil:
      preconditionFailure("\(id) was suspended without a pending reservation")
    }
  }

  /// The task waiting as `id` was cancelled.
  mutating func cancelWaiter(_ id: WaiterID) -> CancelWaiterAction {
    if let index = countWaiters.firstIndex(where: { $0.id == id }) {
      return .resumeThrowing(countWaiters.remove(at: index).waiter)
    }
    switch reservations[id.rawValue] {
    case .sleepCount:
      reservations[id.rawValue] = .cancelled
      return .none
    case .cancelled, .sleep, nil:
      // A late cancellation: the waiter was already resumed; nothing is left to stop.
      return .none
    }
  }

  // MARK: Helpers

  private mutating func reserveID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Removes and returns the waiters whose count the sleeper count now is.
  private mutating func takeSatisfiedWaiters() -> [Waiter] {
    guard !countWaiters.isEmpty else { return [] }
    let count = entries.count
    let satisfied = countWaiters.filter { $0.count == count }
    countWaiters.removeAll { $0.count == count }
    return satisfied.map(\.waiter)
  }
}

// Equality lets the machine's tests compare whole answers.
extension TestClockStateMachine.SuspendAction: Equatable where Waiter: Equatable {}
extension TestClockStateMachine.CancelSleepAction: Equatable
where Sleeper: Equatable, Waiter: Equatable {}
extension TestClockStateMachine.Wake: Equatable where Sleeper: Equatable, Waiter: Equatable {}
extension TestClockStateMachine.AdvanceAction: Equatable
where Sleeper: Equatable, Waiter: Equatable {}
extension TestClockStateMachine.CancelWaiterAction: Equatable where Waiter: Equatable {}
