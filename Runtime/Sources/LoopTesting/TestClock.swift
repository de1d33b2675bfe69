import LoopSynchronization

/// A clock whose time moves only when the test moves it.
///
/// Inject a `TestClock` where the feature expects a `Clock<Duration>`: a sleep on it suspends
/// until the test advances the clock past the sleep's deadline, so a debounce, a timeout or a
/// retry delay takes no real time and happens exactly when the test says.
///
/// ```swift
/// let clock = TestClock()
/// // A feature's effect sleeps: `try await clock.sleep(for: .milliseconds(300))`.
/// // When it is asleep (a `TestStore` knows when):
/// await clock.advance(by: .milliseconds(299))  // still asleep: `clock.sleepers == [+300 ms]`
/// await clock.advance(by: .milliseconds(1))  // the deadline is reached: it wakes
/// ```
///
/// A cancelled sleep ends at once, throwing `CancellationError`, and leaves ``sleepers``.
/// Under a `TestStore`, every sleep of an effect is counted as a wait on the clock, so the
/// store knows when its effects are all asleep and can say which deadline to advance to.
///
/// `advance(by:)`, `advance(to:)`
/// and ``run()`` are synchronous: they resume the sleepers that are due and return; the woken
/// tasks run afterwards, on their executors. To follow a chain (a woken task that sleeps
/// again), advance again, or let a `TestStore`'s `advance` settle between steps.
public final class TestClock: Clock, Sendable {
  /// A point in a ``TestClock``'s time: an offset from the clock's zero.
  ///
  /// Instants print as their offset, in milliseconds below a second and in seconds above:
  /// `+0 ms`, `+300 ms`, `+1.5 s`.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The instant the clock starts at unless told otherwise.
    ///
    /// Every offset is measured from it.
    public static let zero = Instant(offset: .zero)

    /// How far this instant is from ``zero``.
    ///
    /// Negative offsets are allowed: they come before the clock's zero.
    public let offset: Duration

    /// Creates the instant `offset` away from ``zero``.
    ///
    /// - Parameter offset: How far from the clock's zero the instant is.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    ///
    /// A negative duration gives an earlier instant.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: This instant moved by `duration`.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    ///
    /// Negative when `other` comes first.
    ///
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: `other` minus this instant.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// Instants are ordered by their offsets.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset as a signed amount: `+0 ms`, `+300 ms`, `+1.5 s`, `-20 ms`.
    ///
    /// Milliseconds below one second, seconds from one second up; the fraction is exact to
    /// the nanosecond and printed without trailing zeros.
    public var description: String {
      let attoseconds = offset.attoseconds
      let sign = attoseconds < 0 ? "-" : "+"
      let nanoseconds = attoseconds.magnitude / 1_000_000_000
      if nanoseconds < 1_000_000_000 {
        return "\(sign)\(Self.decimal(nanoseconds, digits: 6)) ms"
      }
      return "\(sign)\(Self.decimal(nanoseconds, digits: 9)) s"
    }

    /// `value` divided by 10^`digits`, as a decimal without trailing zeros.
    private static func decimal(_ value: UInt128, digits: Int) -> String {
      var scale: UInt128 = 1
      for _ in 0..<digits { scale *= 10 }
      let (whole, fraction) = value.quotientAndRemainder(dividingBy: scale)
      guard fraction != 0 else { return "\(whole)" }
      var text = String(repeating: "0", count: digits - "\(fraction)".count) + "\(fraction)"
      while text.last == "0" { text.removeLast() }
      return "\(whole).\(text)"
    }
  }

  /// A registered sleep: what to resume, and the wait a `TestStore` counts.
  private struct Sleeper: Sendable {
    let continuation: CheckedContinuation<Void, any Error>
    let wait: InstrumentWait
  }

  private typealias Machine = TestClockStateMachine<Sleeper, CheckedContinuation<Void, any Error>>

  private let state: Mutex<Machine>
  /// The `TestStore`s this clock serves, which the async `advance` settles.
  let clients = ClockClients()

  /// Creates a clock standing at `now`.
  ///
  /// Time stays there until the test advances it.
  ///
  /// - Parameter now: The clock's starting instant; ``Instant/zero`` unless given.
  public init(now: Instant = .zero) {
    self.state = Mutex(Machine(now: now))
    self.sleepScale = PlantedFaults.current.sleepScale
    self.advancesInOneStep = PlantedFaults.current.advancesInOneStep
  }

  /// A planted fault, for contract strength only: sleeps last this fraction of their duration.
  private let sleepScale: (numerator: Int, denominator: Int)?
  /// A planted fault, for the schedule explorer's tests only: a settling advance moves in one
  /// step (``PlantedFaults/advancesInOneStep``).
  let advancesInOneStep: Bool

  /// The clock's current instant.
  ///
  /// It changes only through `advance(by:)`,
  /// `advance(to:)` and ``run()``.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest step the clock takes: zero, since time jumps exactly where it is told to.
  ///
  /// Deadlines are honoured to the attosecond.
  public var minimumResolution: Duration { .zero }

  /// The deadlines of the sleeps in progress, earliest first.
  ///
  /// A sleep appears once its task has suspended on the clock, and leaves when it is woken or
  /// cancelled.
  public var sleepers: [Instant] {
    TestTaskStores.drain()
    return state.withLock { $0.sleepers }
  }

  /// The earliest deadline among the sleeps in progress, or `nil` when nothing sleeps.
  ///
  /// Advancing to it wakes the next sleeper, and only sleepers due at that same instant.
  public var nextDeadline: Instant? {
    TestTaskStores.drain()
    return state.withLock { $0.nextDeadline }
  }

  /// How many sleeps are in progress.
  ///
  /// Equal to `sleepers.count`.
  public var activeSleeperCount: Int {
    TestTaskStores.drain()
    return state.withLock { $0.activeSleeperCount }
  }

  /// The most sleeps that have been in progress at the same time since the clock was made.
  ///
  /// With ``activeSleeperCount`` it tells one renewed timer (a high-water mark of 1) from
  /// timers that accumulate because nothing cancels the old ones.
  public var maximumActiveSleeperCount: Int {
    TestTaskStores.drain()
    return state.withLock { $0.maximumActiveSleeperCount }
  }

  /// Suspends until the clock is advanced to `deadline` or past it.
  ///
  /// Returns at once when `deadline` is not after ``now``. While suspended, the sleep is one
  /// of ``sleepers`` and, under a `TestStore`, counts as its effect waiting on the clock.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a test clock wakes exactly at the deadline.
  /// - Throws: `CancellationError` if the task is cancelled before or during the sleep; a
  ///   cancelled sleep ends at once, without waiting for the clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    var deadline = deadline
    if let scale = sleepScale {
      let now = self.now
      deadline = now.advanced(by: now.duration(to: deadline) * scale.numerator / scale.denominator)
    }
    let id: Machine.SleeperID
    switch state.withLock({ $0.sleep(until: deadline) }) {
    case .returnAtOnce: return
    case .suspend(let reserved): id = reserved
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let action = state.withLock { machine in
          machine.suspend(id) {
            // Begun under the lock, in the sleeping task: the wait and the registration
            // become visible together, so an observer never sees one without the other.
            Sleeper(
              continuation: continuation,
              wait: InstrumentWait.begin(.clock, "sleeping on the TestClock until \(deadline)"))
          }
        }
        switch action {
        case .suspended(let waiters):
          for waiter in waiters { waiter.resume() }
        case .resumeAtOnce:
          continuation.resume()
        case .throwCancellation:
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let action = state.withLock { machine in
        let action = machine.cancelSleep(id)
        if case .resumeThrowing(let sleeper, _) = action { sleeper.wait.end() }
        return action
      }
      switch action {
      case .none:
        break
      case .resumeThrowing(let sleeper, let waiters):
        sleeper.continuation.resume(throwing: CancellationError())
        for waiter in waiters { waiter.resume() }
      }
    }
  }

  /// Moves the clock forward by `duration`, waking every sleep due by then.
  ///
  /// Equivalent to advancing to `now.advanced(by: duration)`; see
  /// `advance(to:)`. A negative duration is a mistake in the
  /// test: it is reported as a failure at the call site, and the clock does not move.
  ///
  /// - Parameters:
  ///   - duration: How far to move; zero or more.
  ///   - fileID: The caller's file ID, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func advance(
    by duration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    move(
      by: duration, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The synchronous move by `duration`, reporting a negative one at `site`.
  func move(by duration: Duration, site: CallSite) {
    TestTaskStores.drain()
    let action = state.withLock { machine in
      let action = machine.advance(by: duration)
      if case .wake(let due) = action { Self.endWaits(of: due) }
      return action
    }
    perform(action, site: site) { now, target in
      """
      TestClock.advance(by:) failed.
        Expected: a duration of zero or more.
        Happened: it was asked to move by \(Instant(offset: duration)), from \(now) back to \(target).
        Fix: a TestClock only moves forward: advance by a non-negative duration, or start over \
      with a new TestClock.
      """
    }
  }

  /// Moves the clock to `deadline`, waking every sleep due by then.
  ///
  /// The sleeps whose deadline is at or before `deadline` are woken in deadline order (ties
  /// in the order they began), time passing through each of their deadlines; then ``now``
  /// is `deadline`. Each sleep's wait ends before its task is resumed, so a `TestStore`
  /// never sees its effects all waiting while a woken one is about to run. The woken tasks
  /// run after this returns, with the clock at `deadline`: to have a sleeper observe its own
  /// deadline, advance to ``nextDeadline`` one step at a time.
  ///
  /// A `deadline` before ``now`` is a mistake in the test: it is reported as a failure at the
  /// call site, and the clock does not move.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to; ``now`` or later.
  ///   - fileID: The caller's file ID, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    move(
      to: deadline, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The synchronous move to `deadline`, reporting one before ``now`` at `site`.
  func move(to deadline: Instant, site: CallSite) {
    TestTaskStores.drain()
    let action = state.withLock { machine in
      let action = machine.advance(to: deadline)
      if case .wake(let due) = action { Self.endWaits(of: due) }
      return action
    }
    perform(action, site: site) { now, target in
      """
      TestClock.advance(to:) failed.
        Expected: an instant at or after now (\(now)).
        Happened: it was asked to go back to \(target).
        Fix: a TestClock only moves forward: advance to a later instant, or start over with a \
      new TestClock.
      """
    }
  }

  /// Wakes every sleep in progress, moving the clock to the latest of their deadlines.
  ///
  /// Sleeps are woken in deadline order, as `advance(to:)` would
  /// wake them; ``now`` does not move when nothing sleeps or every deadline has passed. Only
  /// the sleeps registered when `run()` is called are seen: a sleep that a woken task begins
  /// afterwards stays asleep. To follow such chains, call `run()` again, or let a
  /// `TestStore`'s `advance` settle between steps.
  public func run() {
    TestTaskStores.drain()
    let due = state.withLock { machine in
      let due = machine.run()
      Self.endWaits(of: due)
      return due
    }
    resume(due)
  }

  /// Suspends until exactly `count` sleeps are in progress on this clock.
  ///
  /// The way for a test to know that tasks have gone to sleep before it advances the clock,
  /// without polling: the clock resumes the caller when its count of sleepers becomes
  /// `count`. Returns at once when it already is.
  ///
  /// - Parameter count: The number of sleepers to wait for.
  /// - Throws: `CancellationError` if the waiting task is cancelled.
  public func waitForSleepers(count: Int) async throws {
    try Task.checkCancellation()
    let id: Machine.WaiterID
    switch state.withLock({ $0.waitForSleepers(count: count) }) {
    case .returnAtOnce: return
    case .suspend(let reserved): id = reserved
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        switch state.withLock({ $0.suspendWaiter(id, waiter: continuation) }) {
        case .suspended: break
        case .resumeAtOnce: continuation.resume()
        case .throwCancellation: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      switch state.withLock({ $0.cancelWaiter(id) }) {
      case .none: break
      case .resumeThrowing(let waiter): waiter.resume(throwing: CancellationError())
      }
    }
  }

  private func perform(
    _ action: Machine.AdvanceAction,
    site: CallSite,
    backwards message: (_ now: Instant, _ target: Instant) -> String
  ) {
    switch action {
    case .wake(let due):
      resume(due)
    case .rejectBackwards(let now, let target):
      reportFailure(message(now, target), at: site)
    }
  }

  /// Ends the waits of the sleepers the machine just removed: call it under the lock.
  ///
  /// In the same critical section as the removal, as ``InstrumentWait/begin(_:_:)`` is in the
  /// same one as the registration: a TestStore's count of waiting effects and this clock's
  /// sleepers change together, and a wait is always over before its task is resumed, so the
  /// store never counts a woken effect as waiting while it is about to run.
  private static func endWaits(of due: Machine.Wake) {
    for sleeper in due.sleepers {
      sleeper.wait.end()
    }
  }

  /// Resumes what the machine handed back, outside the lock, in deadline order.
  private func resume(_ due: Machine.Wake) {
    for sleeper in due.sleepers {
      sleeper.continuation.resume()
    }
    for waiter in due.waiters {
      waiter.resume()
    }
  }
}
