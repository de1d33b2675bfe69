import Loop
import LoopSynchronization

/// Drives a machine's real store and real feedbacks in a test, and reports where it got stuck.
///
/// A test store wraps `Store` with the machine's own feedbacks, built with the test's
/// doubles, and watches everything the store does: every transition and its cause, every
/// effect that starts and ends, and every wait of an effect on a test instrument (a
/// ``TestClock`` sleep, a ``ControlledWork`` or ``ControlledStream`` generation). From those
/// counts it knows when the store is *quiet*: nothing queued, and every running effect waiting
/// on an instrument. A wait that cannot succeed on a quiet store fails at once, naming what is
/// pending, instead of timing out.
///
/// Each wait's `timeout` only guards a busy store that stopped changing (an effect blocked on
/// something that is not an instrument). It counts wall-clock time in which tasks could run:
/// while every thread of Swift's cooperative pool is held by other work (a long synchronous
/// test running beside this one), the store's effects cannot answer, so that time is not
/// counted, and a loaded machine stretches the timeout instead of failing a healthy test.
///
/// Destination mode (``Exhaustivity/off``): send events, settle, wait for the states a user
/// would see, then assert on ``state`` and on the doubles.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(
///   initial: Search.State(),
///   machine: Search(catalog: .fixtures, clock: clock, localCatalog: { [] }),
///   clock: clock, exhaustivity: .off)
/// store.send(.textChanged("star wars"))
/// await store.advance(by: .milliseconds(300))
/// await store.wait { $0.movies.count == 4 }
/// ```
///
/// Exhaustive mode (``Exhaustivity/on``, the default): declare every change and claim every
/// event.
///
/// ```swift
/// await store.send(.textChanged("Swift")) {
///   $0.text = "Swift"
///   $0.status = .debouncing("swift")
/// }
/// await store.advance(by: .milliseconds(300))
/// await store.receive(.debounced("swift")) {
///   $0.status = .searching(Search.Request(query: "swift", page: 1, id: 1))
///   $0.requestsStarted = 1
/// }
/// work.succeed(0, with: page)
/// await store.receive(Search.Event.loaded) {
///   $0.status = .results(Search.Results(query: "swift", first: page))
///   $0.cache.insert(page, for: SearchCache.Key(query: "swift", page: 1))
/// }
/// await store.finish()
/// ```
///
/// Failures are reported at the line of the test that made the call, to Swift Testing or to
/// XCTest, whichever runs the test.
public final class TestStore<State: Sendable & Equatable, Event: Sendable>: Sendable {
  /// Whether this store is exhaustive; fixed when it is made.
  public let exhaustivity: Exhaustivity
  /// Whether a send that races an effect fails the test (see
  /// ``init(initial:machine:clock:exhaustivity:failsOnRaces:fileID:filePath:line:column:)``).
  public let failsOnRaces: Bool

  let store: Store<State, Event>
  let monitor: StoreMonitor<State, Event>
  /// Where the store's effects run: as soon as they are ready (a store made without a
  /// schedule), or when a call that waits runs them.
  let executor: TestExecutor
  /// Whether this store made its executor (rather than sharing a scenario's), and so
  /// releases it when it goes away.
  let ownsExecutor: Bool
  /// How many jobs the effects may run with no change the monitor sees (a new state, an
  /// effect starting or ending, a wait on an instrument) before the store counts as run away.
  let jobsWithoutProgress: Int
  let clock: TestClock?
  let createdAt: CallSite
  let accounting = Mutex(Accounting())

  /// What the test has accounted for so far.
  struct Accounting {
    /// Index into the trajectory's states: where the next ``TestStore/wait`` starts looking.
    var cursor = 0
    /// Index into the trajectory's steps: every step before it is claimed.
    var claimed = 0
    /// Events sent through this test store.
    var sent = 0
    /// Sends whose transition had not been reduced yet when ``TestStore/send(_:fileID:filePath:line:column:)`` returned.
    var unchecked: [(ordinal: Int, site: CallSite)] = []
    /// Where each send was made, by ordinal: end-of-test failures point at the send that
    /// started what was left running.
    var sendSites: [CallSite] = []
    var isFinished = false
  }

  /// Creates a test store running `machine` from `initial`.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - machine: The feature, built with the test's doubles.
  ///   - clock: The ``TestClock`` the machine sleeps on, which ``advance(by:timeout:fileID:filePath:line:column:)`` moves.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) for the exhaustive mode,
  ///     ``Exhaustivity/off`` for destination tests.
  ///   - failsOnRaces: Whether a send that races an effect fails the test, at the send, when
  ///     the test calls ``finish(timeout:fileID:filePath:line:column:)`` or ends. A send races
  ///     an effect when the effect was running on its own (waiting on no test instrument) as
  ///     the send began and sent its next event after it: that event could as well have come
  ///     first, so what the test sees depends on timing. `false` by default.
  ///   - fileID: The test's file, where end-of-test failures are reported.
  ///   - filePath: The test's file path.
  ///   - line: The line that made the store.
  ///   - column: The column that made the store.
  public convenience init<M: Machine>(
    initial: State,
    machine: M,
    clock: TestClock? = nil,
    exhaustivity: Exhaustivity = .on,
    failsOnRaces: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where M.State == State, M.Event == Event {
    self.init(
      initial: initial, reducer: M.reducer, feedbacks: machine.feedbacks, clock: clock,
      exhaustivity: exhaustivity, failsOnRaces: failsOnRaces,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a test store from a reducer and feedbacks, without a `Machine` type.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - reducer: The transition function.
  ///   - feedbacks: The feedbacks, built with the test's doubles.
  ///   - clock: The ``TestClock`` the feedbacks sleep on.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
  ///   - failsOnRaces: Whether a send that races an effect fails the test; `false` by default.
  ///   - fileID: The test's file, where end-of-test failures are reported.
  ///   - filePath: The test's file path.
  ///   - line: The line that made the store.
  ///   - column: The column that made the store.
  public convenience init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>],
    clock: TestClock? = nil,
    exhaustivity: Exhaustivity = .on,
    failsOnRaces: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initial: initial, reducer: reducer, feedbacks: feedbacks, clock: clock,
      exhaustivity: exhaustivity, failsOnRaces: failsOnRaces,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a test store whose states are replaced by equal ones `equalState` hands back
  /// (`StoreInstrumentation.equalState`): a replay's recorded states.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - machine: The feature, built with the test's doubles.
  ///   - clock: The ``TestClock`` the machine sleeps on.
  ///   - exhaustivity: ``Exhaustivity/on`` or ``Exhaustivity/off``.
  ///   - equalState: Called with each state reduced, under the store's lock; a value it
  ///     returns must be equal to that state.
  ///   - fileID: The file that made the store.
  ///   - filePath: Its path.
  ///   - line: The line that made the store.
  ///   - column: The column.
  package convenience init<M: Machine>(
    initial: State,
    machine: M,
    clock: TestClock?,
    exhaustivity: Exhaustivity,
    equalState: @escaping @Sendable (State) -> State?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where M.State == State, M.Event == Event {
    self.init(
      initial: initial, reducer: M.reducer, feedbacks: machine.feedbacks, clock: clock,
      exhaustivity: exhaustivity,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      equalState: equalState)
  }

  init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>],
    clock: TestClock?,
    exhaustivity: Exhaustivity,
    failsOnRaces: Bool = false,
    schedule: Schedule? = nil,
    jobsWithoutProgress: Int = 10_000,
    executor sharedExecutor: TestExecutor? = nil,
    site: CallSite,
    watchdogClock: WatchdogClock = .continuous,
    equalState: (@Sendable (State) -> State?)? = nil
  ) {
    let monitor = StoreMonitor<State, Event>(initial: initial, clock: watchdogClock)
    // Without a schedule, effects run as soon as they are ready, so a test may await anything;
    // with one, they wait for the test's waits, and each send is a choice of the schedule.
    let executor =
      sharedExecutor
      ?? TestExecutor(schedule: schedule ?? .firstReady, drivesItself: schedule == nil)
    self.ownsExecutor = sharedExecutor == nil
    self.monitor = monitor
    self.executor = executor
    self.jobsWithoutProgress = jobsWithoutProgress
    self.clock = clock
    self.exhaustivity = exhaustivity
    self.failsOnRaces = failsOnRaces
    self.createdAt = site
    self.store = Store(
      initial: initial, reducer: reducer, feedbacks: feedbacks,
      instrumentation: monitor.instrumentation(executor: executor, equalState: equalState))
    // `await clock.advance(by:)` settles this store first, as `advance(by:)` here does.
    clock?.clients.attach(ObjectIdentifier(self)) { [weak self] timeout, site in
      await self?.settle(timeout: timeout, site: site) ?? true
    }
    // The test's instruments reach it: a completion runs its ready jobs first, a wait on
    // `starts` settles it.
    TestTaskStores.add(ObjectIdentifier(self), site: site, executor: executor) { [weak self] in
      await self?.settleQuietly() ?? true
    }
  }

  deinit {
    clock?.clients.detach(ObjectIdentifier(self))
    if !accounting.withLock({ $0.isFinished }) {
      if exhaustivity == .on { checkEndOfTest() }
      reportRaces()
    }
    store.cancel()
    TestTaskStores.remove(ObjectIdentifier(self))
    if ownsExecutor { executor.release() }
  }

  /// The store's current state.
  public var state: State {
    executor.drain()
    return store.state
  }

  /// Sends `event` to the store, as a user would.
  ///
  /// The event is reduced before `send` returns, unless an effect is reducing at that moment,
  /// in which case it is reduced right after. On an exhaustive store, an event that changes
  /// the state must be sent with ``send(_:fileID:filePath:line:column:assert:)`` instead,
  /// which declares the change; here it fails with the diff.
  ///
  /// - Parameters:
  ///   - event: The event to send.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func send(
    _ event: Event,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    executor.runBeforeSend()
    let ordinal = beginSend(at: site)
    // The effects the event starts go to LoopTesting's thread once, after the send.
    executor.beginDriving()
    store.send(event)
    executor.endDriving()
    guard exhaustivity == .on else { return }
    if let step = monitor.read({ $0.userSteps.count > ordinal ? $0.userSteps[ordinal] : nil }) {
      checkSend(step: step, assert: nil, site: site)
    } else {
      accounting.withLock { $0.unchecked.append((ordinal, site)) }
    }
  }

  /// Counts a send made at `site` and moves the waypoint cursor to the states it causes.
  func beginSend(at site: CallSite) -> Int {
    let next = monitor.read { $0.states.count }
    let ordinal = accounting.withLock { accounts in
      accounts.cursor = max(accounts.cursor, next)
      accounts.sendSites.append(site)
      defer { accounts.sent += 1 }
      return accounts.sent
    }
    monitor.sendBegins(ordinal)
    return ordinal
  }
}

extension TestStore {
  /// Every state the store has been in, from the initial one, and the events between them:
  /// `events[i]` turned `states[i]` into `states[i + 1]`.
  package var trajectory: (states: [State], events: [Event]) {
    monitor.read { book in (book.states, book.steps.map(\.event)) }
  }
}
