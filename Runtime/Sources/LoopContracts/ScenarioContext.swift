import Loop
import LoopSynchronization
import LoopTesting

/// What a scenario gets to work with: stores the runner watches, and budgets it records.
public final class ScenarioContext<M: Machine>: Sendable where M.State: Hashable {
  typealias Store = TestStore<M.State, M.Event>

  private struct Recorded {
    var stores: [Store] = []
    var budgets: [BudgetResult] = []
    var checks: [String] = []
  }

  private let recorded = Mutex(Recorded())
  /// The machine as the runner runs it: itself, or a mutant of it.
  let subject: Subject<M>
  /// Where the effects of every store the scenario makes run, in the order of one schedule.
  let executor: TestExecutor

  init(subject: Subject<M> = Subject(), schedule: Schedule = .firstReady) {
    self.subject = subject
    self.executor = TestExecutor(schedule: schedule)
  }

  deinit {
    executor.release()
  }

  /// The schedule the scenario's effects ran by: the one given, with every choice made.
  var schedule: Schedule { executor.schedule }
  /// How many options each choice of ``schedule`` had.
  var choicePoints: [Int] { executor.choicePoints }
  /// The effects that work outside the executor resumed.
  var escapedWork: [String] { executor.escapedWork }

  /// Makes a destination-mode test store whose trajectory the runner checks afterwards.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - machine: The feature, built with doubles from the shared fixtures.
  ///   - clock: The test clock the machine sleeps on, if any.
  ///   - fileID: The scenario's file, for failures.
  ///   - filePath: The scenario's file path.
  ///   - line: The line that made the store.
  ///   - column: The column that made the store.
  /// - Returns: A non-exhaustive `TestStore`.
  public func store(
    initial: M.State,
    machine: M,
    clock: TestClock? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestStore<M.State, M.Event> {
    let store = TestStore(
      initial: initial, reducer: subject.reducer, feedbacks: subject.feedbacks(of: machine),
      clock: clock, executor: executor, fileID: fileID, filePath: filePath, line: line,
      column: column)
    recorded.withLock { $0.stores.append(store) }
    return store
  }

  /// Makes a destination-mode test store whose machine sleeps on a new `TestClock`, the one
  /// the store advances: `context.store(initial: State()) { Search(catalog: c, clock: $0) }`.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - fileID: The scenario's file, for failures.
  ///   - filePath: The scenario's file path.
  ///   - line: The line that made the store.
  ///   - column: The column that made the store.
  ///   - machine: Builds the feature on the clock it is given.
  /// - Returns: A non-exhaustive `TestStore`.
  public func store(
    initial: M.State,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    machine: (TestClock) -> M
  ) -> TestStore<M.State, M.Event> {
    let clock = TestClock()
    return store(
      initial: initial, machine: machine(clock), clock: clock, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Declares that `log` recorded exactly `count` calls, with `arguments` in order if given.
  ///
  /// - Parameters:
  ///   - name: The dependency, as the report names it ("search").
  ///   - log: The spy the double records into.
  ///   - count: The exact number of calls allowed.
  ///   - arguments: The arguments expected, call by call; `nil` checks only the count.
  public func budget<Arguments: Equatable & Sendable>(
    _ name: String, _ log: CallLog<Arguments>, exactly count: Int,
    with arguments: [Arguments]? = nil
  ) {
    let actual = log.arguments
    var problems: [String] = []
    if actual.count != count {
      problems.append("expected exactly \(count) call(s), got \(actual.count)")
    }
    if let arguments, arguments != actual {
      problems.append(
        "expected arguments \(ValueRendering.render(arguments)), got \(ValueRendering.render(actual))"
      )
    }
    let expectation =
      arguments.map {
        "exactly \(count), with \($0.map { ValueRendering.render($0) }.joined(separator: ", "))"
      }
      ?? "exactly \(count)"
    record(
      BudgetResult(
        dependency: name, expected: expectation, actualCount: actual.count,
        failure: problems.isEmpty ? nil : problems.joined(separator: "; ")))
  }

  /// Declares that `log` recorded exactly `count` calls with `arguments` in any order.
  ///
  /// For calls made by effects started together (two keys of a `forEach`, a request started
  /// and replaced in one burst): their tasks run concurrently, so which calls first is not
  /// part of the contract. Each expected argument must match one call, as often as it is
  /// listed.
  ///
  /// - Parameters:
  ///   - name: The dependency, as the report names it ("forecast").
  ///   - log: The spy the double records into.
  ///   - count: The exact number of calls allowed.
  ///   - arguments: The arguments expected, in no particular order.
  public func budget<Arguments: Equatable & Sendable>(
    _ name: String, _ log: CallLog<Arguments>, exactly count: Int,
    inAnyOrder arguments: [Arguments]
  ) {
    let actual = log.arguments
    var problems: [String] = []
    if actual.count != count {
      problems.append("expected exactly \(count) call(s), got \(actual.count)")
    }
    var unmatched = actual
    let missing = arguments.filter { expected in
      guard let index = unmatched.firstIndex(of: expected) else { return true }
      unmatched.remove(at: index)
      return false
    }
    if !missing.isEmpty || !unmatched.isEmpty {
      problems.append(
        "expected arguments \(ValueRendering.render(arguments)) in any order, got "
          + "\(ValueRendering.render(actual)) (missing \(ValueRendering.render(missing)), "
          + "unexpected \(ValueRendering.render(unmatched)))")
    }
    let listed = arguments.map { ValueRendering.render($0) }.joined(separator: ", ")
    record(
      BudgetResult(
        dependency: name, expected: "exactly \(count), in any order: \(listed)",
        actualCount: actual.count,
        failure: problems.isEmpty ? nil : problems.joined(separator: "; ")))
  }

  /// Declares that `log` recorded at most `count` calls.
  ///
  /// - Parameters:
  ///   - name: The dependency, as the report names it.
  ///   - log: The spy the double records into.
  ///   - count: The most calls allowed.
  public func budget<Arguments: Sendable>(
    _ name: String, _ log: CallLog<Arguments>, atMost count: Int
  ) {
    let actual = log.count
    record(
      BudgetResult(
        dependency: name, expected: "at most \(count)", actualCount: actual,
        failure: actual <= count ? nil : "expected at most \(count) call(s), got \(actual)"))
  }

  /// Records a failed check unless `condition` holds: a scenario's `#expect`.
  ///
  /// - Parameters:
  ///   - condition: What must be true.
  ///   - message: What was expected, for the report.
  public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    let text = message()
    recorded.withLock { $0.checks.append(text) }
  }

  private func record(_ budget: BudgetResult) {
    recorded.withLock { $0.budgets.append(budget) }
  }

  var stores: [TestStore<M.State, M.Event>] { recorded.withLock { $0.stores } }
  var budgets: [BudgetResult] { recorded.withLock { $0.budgets } }
  var failedChecks: [String] { recorded.withLock { $0.checks } }
}
