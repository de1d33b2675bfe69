import Loop

extension TestStore {
  /// Creates a test store running `machine` whose effects' jobs run in the order `schedule`
  /// picks when several are ready.
  ///
  /// Every test store runs its effects on an executor of its own, one job at a time. Without a
  /// schedule, a job runs as soon as it is ready, in the order they became ready, so the test
  /// may await anything. With one, jobs run only on the thread of a test call that waits on
  /// the store, and each send is a choice too (send now, or run a ready job first): give a
  /// schedule to look for orders that the default never takes (``Schedule/random(seed:)``),
  /// or to replay the one a failure printed. The test must then wait on the store, not on
  /// something an effect would bring (an instrument's `starts`), for its effects to run.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - machine: The feature, built with the test's doubles.
  ///   - clock: The ``TestClock`` the machine sleeps on.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
  ///   - failsOnRaces: Whether a send that races an effect fails the test; `false` by default.
  ///   - schedule: The order in which ready jobs run.
  ///   - jobsWithoutProgress: How many jobs the effects may run without a new state, an
  ///     effect starting or ending, or a wait on an instrument, before a wait fails naming the
  ///     effects that ran away (a retry with no cap on an immediate clock); 10,000 by default.
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
    schedule: Schedule,
    jobsWithoutProgress: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where M.State == State, M.Event == Event {
    self.init(
      initial: initial, reducer: M.reducer, feedbacks: machine.feedbacks, clock: clock,
      exhaustivity: exhaustivity, failsOnRaces: failsOnRaces, schedule: schedule,
      jobsWithoutProgress: jobsWithoutProgress,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a test store from a reducer and feedbacks whose effects' jobs run in the order
  /// `schedule` picks when several are ready.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - reducer: The transition function.
  ///   - feedbacks: The feedbacks, built with the test's doubles.
  ///   - clock: The ``TestClock`` the feedbacks sleep on.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
  ///   - failsOnRaces: Whether a send that races an effect fails the test; `false` by default.
  ///   - schedule: The order in which ready jobs run.
  ///   - jobsWithoutProgress: How many jobs the effects may run without progress before a
  ///     wait fails; 10,000 by default.
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
    schedule: Schedule,
    jobsWithoutProgress: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initial: initial, reducer: reducer, feedbacks: feedbacks, clock: clock,
      exhaustivity: exhaustivity, failsOnRaces: failsOnRaces, schedule: schedule,
      jobsWithoutProgress: jobsWithoutProgress,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a destination-mode store whose effects run on `executor`, which other stores
  /// share: the stores of one contract scenario run under one schedule.
  package convenience init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>],
    clock: TestClock?,
    executor: TestExecutor,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    self.init(
      initial: initial, reducer: reducer, feedbacks: feedbacks, clock: clock,
      exhaustivity: .off, executor: executor,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Reports a failure of this store at `site`, with the schedule its effects ran by when it
  /// is not the default one, so the failure can be replayed.
  ///
  /// Every failure a test store reports goes through here (it shadows the module's function
  /// in the store's methods).
  func reportFailure(_ message: String, at site: CallSite) {
    let schedule = executor.schedule
    guard schedule.description != Schedule.firstReady.description else {
      LoopTesting.reportFailure(message, at: site)
      return
    }
    LoopTesting.reportFailure(
      message
        + "\n  Schedule: \(schedule) (replay it: TestStore(..., schedule: Schedule(\"\(schedule)\")))",
      at: site)
  }

  /// The schedule the effects' jobs have run by so far.
  ///
  /// The one given, with every choice made where more than one job was ready. Given to a new
  /// store, it makes the same choices.
  public var schedule: Schedule {
    executor.schedule
  }
}
