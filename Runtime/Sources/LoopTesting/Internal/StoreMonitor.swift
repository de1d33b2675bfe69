import Loop
import LoopSynchronization

/// The one monitor of one TestStore: receives every count under one lock and wakes the test
/// when a change can decide what it waits for.
///
/// The store reports its observations (under the store's own lock, in order); instruments
/// report the waits of the store's effects, which reach the monitor through the task-local
/// ``EffectScope``. A waiting test registers with a ``WakeCondition`` and is resumed by the
/// first change that meets it: nothing polls. A wall-clock timeout, counted by one watchdog
/// task, only guards against a store that stops changing while busy.
final class StoreMonitor<State: Sendable, Event: Sendable>: InstrumentWaitObserver, Sendable {
  typealias Book = MonitorStateMachine<State, Event>

  /// A suspended wait: resumed when a change meets its condition, or by the watchdog once it
  /// has counted `timeout` without any change.
  private struct Waiter {
    let continuation: CheckedContinuation<Bool, Never>
    let condition: WakeCondition
    /// How many states the book had when the wait began.
    let statesSeen: Int
    let timeout: Duration
    /// The time counted towards `timeout` since the wait began or the last change.
    var counted: Duration = .zero
    /// Up to when `counted` counts, on the watchdog's clock.
    var mark: Duration

    /// When the watchdog must next look at this wait: a tick away, or sooner when less
    /// than a tick is left.
    var due: Duration { mark + min(StoreMonitor.tick, timeout - counted) }
  }

  private struct Locked {
    var book: Book
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
    /// How many waits a change has resumed.
    var wakes = 0
    /// The one task that ends waits on a store that stopped changing, while there are waiters,
    /// and when it wakes next.
    var watchdog: (id: Int, task: Task<Void, Never>, wakesAt: Duration)?
    var nextWatchdog = 0
  }

  private let locked: Mutex<Locked>
  /// What the watchdog counts time on.
  private let clock: WatchdogClock

  /// Creates the monitor of a store whose first state is `initial`.
  ///
  /// - Parameters:
  ///   - initial: The store's first state.
  ///   - clock: What the watchdog counts timeouts on: the continuous clock, but in tests of
  ///     the watchdog itself.
  init(initial: State, clock: WatchdogClock = .continuous) {
    locked = Mutex(Locked(book: Book(initial: initial)))
    self.clock = clock
  }

  deinit {
    locked.withLock { $0.watchdog?.task.cancel() }
  }

  /// The instrumentation to give the store: observations in, effects bound to this monitor
  /// and run on `executor`.
  func instrumentation(
    executor: TestExecutor, equalState: (@Sendable (State) -> State?)? = nil
  ) -> StoreInstrumentation<State, Event> {
    StoreInstrumentation(
      observe: { [self] observation in update { $0.observe(observation) } },
      runEffect: { [self] record, body in
        executor.effectBegan(record)
        await EffectScope.$current.withValue(EffectScope(effect: record, observer: self)) {
          await body()
        }
        executor.effectEnded()
      },
      faults: PlantedFaults.current.runtime, taskExecutor: executor, equalState: equalState)
  }

  /// Wakes every suspended wait, to look again: a job became ready on the store's executor,
  /// which only the waiting caller runs.
  func poke() {
    let woken = locked.withLock { locked -> [Waiter] in
      locked.book.touch()
      defer { locked.waiters = [:] }
      return Array(locked.waiters.values)
    }
    for waiter in woken { waiter.continuation.resume(returning: true) }
  }

  func waitBegan(_ id: Int, effect: EffectRun, kind: InstrumentWaitKind, description: String) {
    update { $0.waitBegan(id, effect: effect, kind: kind, description: description) }
  }

  func waitEnded(_ id: Int, effect: EffectRun) {
    update { $0.waitEnded(id, effect: effect) }
  }

  /// Notes the effects running on their own as the test's send `ordinal` begins.
  ///
  /// Changes nothing a wait decides on, so it wakes no one.
  func sendBegins(_ ordinal: Int) {
    locked.withLock { $0.book.sendBegins(ordinal) }
  }

  /// How many waits are suspended on this monitor now.
  var waiting: Int {
    locked.withLock { $0.waiters.count }
  }

  /// How many waits a change has resumed so far (not counting waits that found a change had
  /// already happened, or that timed out).
  var wakes: Int {
    locked.withLock { $0.wakes }
  }

  /// Reads the book under the lock.
  func read<Result>(_ body: (borrowing Book) -> Result) -> Result {
    locked.withLock { body($0.book) }
  }

  /// Suspends until a change meets `condition`, or until `timeout` is counted with no change.
  ///
  /// Returns at once when the book's version differs from `version`: something changed since
  /// the caller decided. A change that does not meet `condition` cannot change the caller's
  /// decision, so it does not wake the caller (it starts the count again).
  ///
  /// - Returns: `true` on a change, `false` on the timeout.
  func waitForChange(
    after version: Int, until condition: WakeCondition, timeout: Duration
  ) async -> Bool {
    await withCheckedContinuation { continuation in
      let (changed, replaced) = locked.withLock { locked -> (Bool, Task<Void, Never>?) in
        guard locked.book.version == version else { return (true, nil) }
        let id = locked.nextWaiter
        locked.nextWaiter += 1
        let waiter = Waiter(
          continuation: continuation, condition: condition,
          statesSeen: locked.book.states.count, timeout: timeout, mark: clock.now())
        locked.waiters[id] = waiter
        guard locked.watchdog.map({ $0.wakesAt > waiter.due }) ?? true else {
          return (false, nil)
        }
        return (false, startWatchdog(wakingAt: waiter.due, in: &locked))
      }
      replaced?.cancel()
      if changed { continuation.resume(returning: true) }
    }
  }

  /// How often the watchdog counts the time of the waits pending, and the most one look
  /// counts: 50 ms.
  ///
  /// A watchdog that wakes late found no thread to run on for that long, and neither did the
  /// effects the waits wait on, so only a tick of that time is counted.
  static var tick: Duration { .milliseconds(50) }

  /// Replaces the watchdog with one that first wakes at `instant`; returns the one replaced,
  /// for the caller to cancel once the lock is released.
  ///
  /// The watchdog is the one wall-clock wait in the library: it only ends a wait on a store
  /// that stopped changing while still busy (an effect blocked on something real). While
  /// waits are pending it wakes every ``tick`` (sooner when a wait has less left), counts the
  /// time since it last looked towards each wait's timeout, ends those whose timeout is
  /// counted, and stops when none are left; changes never touch it, so a step of a test
  /// makes no task and no timer.
  ///
  /// A look counts at most a tick: when every thread of Swift's cooperative pool is held by
  /// other work (a long synchronous test beside this one), the effects cannot answer and the
  /// watchdog cannot wake either; it wakes late and counts one tick of the time it lost. A
  /// starved machine stretches a timeout instead of failing a healthy test, and still ends a
  /// wait on a store that stopped changing, after as many looks as the timeout has ticks. (A
  /// look that counted nothing when late never ended a 20 ms wait on a machine whose every
  /// look was late: the test's own time limit failed it after 20 s.)
  private func startWatchdog(
    wakingAt instant: Duration, in locked: inout Locked
  ) -> Task<Void, Never>? {
    let replaced = locked.watchdog?.task
    let id = locked.nextWatchdog
    locked.nextWatchdog += 1
    let task = Task { [weak self, clock] in
      var wake = instant
      while true {
        do {
          try await clock.sleep(wake)
        } catch {
          return
        }
        guard let next = self?.count(watchdog: id) else { return }
        wake = next
      }
    }
    locked.watchdog = (id, task, instant)
    return replaced
  }

  /// Counts the time since the last look towards each wait, at most a ``tick``, and ends the
  /// waits whose timeout is counted; returns when watchdog `id` should wake next, or `nil`
  /// when it should stop (no waits left, or another watchdog replaced it).
  private func count(watchdog id: Int) -> Duration? {
    let now = clock.now()
    let (overdue, next) = locked.withLock { locked -> ([Waiter], Duration?) in
      guard locked.watchdog?.id == id else { return ([], nil) }
      var overdue: [Waiter] = []
      for (key, var waiter) in locked.waiters {
        waiter.counted += min(now - waiter.mark, Self.tick)
        waiter.mark = now
        if waiter.counted >= waiter.timeout {
          overdue.append(waiter)
          locked.waiters[key] = nil
        } else {
          locked.waiters[key] = waiter
        }
      }
      guard let next = locked.waiters.values.map(\.due).min() else {
        locked.watchdog = nil
        return (overdue, nil)
      }
      locked.watchdog?.wakesAt = next
      return (overdue, next)
    }
    for waiter in overdue { waiter.continuation.resume(returning: false) }
    return next
  }

  private func update(_ body: (inout Book) -> Void) {
    let woken = locked.withLock { locked -> [Waiter] in
      body(&locked.book)
      guard !locked.waiters.isEmpty else { return [] }
      let now = clock.now()
      var woken: [Waiter] = []
      for (key, waiter) in locked.waiters {
        if waiter.condition.isMet(by: locked.book, statesSeen: waiter.statesSeen) {
          woken.append(waiter)
          locked.waiters[key] = nil
        } else {
          locked.waiters[key]?.counted = .zero
          locked.waiters[key]?.mark = now
        }
      }
      locked.wakes += woken.count
      return woken
    }
    for waiter in woken { waiter.continuation.resume(returning: true) }
  }
}

/// What can change the decision of a waiting ``TestStore`` call; only such a change wakes it.
enum WakeCondition: Sendable {
  /// The store became quiet.
  case quiet
  /// A new state, or quiet.
  case newStateOrQuiet
  /// A new state.
  case newState

  /// Whether `book` meets the condition of a wait that began when it had `statesSeen` states.
  func isMet<State, Event>(
    by book: borrowing MonitorStateMachine<State, Event>, statesSeen: Int
  ) -> Bool {
    switch self {
    case .quiet: book.isQuiet
    case .newStateOrQuiet: book.states.count > statesSeen || book.isQuiet
    case .newState: book.states.count > statesSeen
    }
  }
}
