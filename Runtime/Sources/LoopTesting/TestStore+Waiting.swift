import Loop

extension TestStore {
  /// Waits until the store is quiet: nothing queued, and every running effect waiting on a
  /// test instrument (or none running).
  ///
  /// Chains settle too: an effect that sends an event that starts another effect keeps the
  /// store busy until the last one finishes or waits. A store whose effect waits on something
  /// that is not an instrument (a real stream) never settles; `settle` then fails after
  /// `timeout` with no change and says which effect is busy. Use
  /// ``waitForCurrentState(timeout:_:fileID:filePath:line:column:)`` for such stores.
  ///
  /// - Parameters:
  ///   - timeout: How long the store may go without any change before the wait fails.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func settle(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    _ = await settle(
      timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for a state that satisfies `predicate`, at or after the last waypoint.
  ///
  /// The store records every state it passes through, so a state that came and went (a
  /// spinner) still counts. The search starts at the last waypoint: the state the previous
  /// `wait` matched, or the first state caused by the latest ``send(_:fileID:filePath:line:column:)``.
  /// Sequential waits are therefore ordered waypoints, and each consumes the trajectory up to
  /// its match.
  ///
  /// When no state matches and the store is quiet, no later state can come, so the wait fails
  /// at once with the trajectory and what is pending. `timeout` only guards a busy store that
  /// stops changing.
  ///
  /// - Parameters:
  ///   - timeout: How long the store may go without any change before the wait fails.
  ///   - predicate: The destination: a state the user would see.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func wait(
    timeout: Duration = .seconds(1),
    until predicate: (State) -> Bool,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkUncheckedSends()
    let start = accounting.withLock { $0.cursor }
    let outcome = await until(timeout: timeout, wakingOn: .newStateOrQuiet) { book -> Int?? in
      if let match = book.states[start...].firstIndex(where: predicate) { return .some(match) }
      return book.isQuiet ? .some(nil) : nil
    }
    switch outcome {
    case .decided(let match?):
      accounting.withLock { $0.cursor = max($0.cursor, match) }
    case .decided(nil):
      let earlier = monitor.read { book in book.states[..<start].lastIndex(where: predicate) }
      if let earlier {
        reportStuck(
          call: "wait(until:)", .waypoint,
          expected:
            "a state at or after the last waypoint (state [\(start)]) that satisfies the predicate",
          happened:
            "state [\(earlier)] satisfies it, but it came before the last waypoint, and nothing later does; the store is quiet, so no later state will",
          from: earlier, site: site,
          fix:
            "waits are waypoints in order and never look back: move this wait before the send or wait that passed state [\(earlier)], or wait for what comes after it"
        )
      } else {
        reportStuck(
          call: "wait(until:)", .waypoint,
          expected: "a state at or after the last waypoint that satisfies the predicate",
          happened:
            "no state since the last waypoint does, and the store is quiet, so no later state will",
          from: start, site: site)
      }
    case .ranAway:
      return
    case .timedOut:
      reportStuck(
        call: "wait(until:)", .waypoint,
        expected: "a state at or after the last waypoint that satisfies the predicate",
        happened:
          "none came, and the store went \(timeout) without any change while still busy",
        from: start, site: site)
    }
  }

  /// Waits until the *current* state satisfies `predicate`, for stores that never settle.
  ///
  /// A store fed by a stream that is not a test instrument (a subscription kept open for the
  /// test's lifetime) never becomes quiet, so ``wait(timeout:until:fileID:filePath:line:column:)``
  /// cannot fail early on it. `waitForCurrentState` re-checks the state after every change
  /// and fails only when `timeout` passes with no change; states that came and went do not
  /// count.
  ///
  /// - Parameters:
  ///   - timeout: How long the store may go without any change before the wait fails.
  ///   - predicate: The state to wait for.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func waitForCurrentState(
    timeout: Duration = .seconds(1),
    _ predicate: (State) -> Bool,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkUncheckedSends()
    let start = accounting.withLock { $0.cursor }
    let outcome = await until(timeout: timeout, wakingOn: .newState) { book -> Int? in
      predicate(book.lastState) ? book.states.count - 1 : nil
    }
    switch outcome {
    case .decided(let match):
      accounting.withLock { $0.cursor = max($0.cursor, match) }
    case .ranAway:
      return
    case .timedOut:
      reportStuck(
        call: "waitForCurrentState", .current,
        expected: "the current state to satisfy the predicate",
        happened: "it did not, and the store went \(timeout) without any change",
        from: start, site: site)
    }
  }

  /// Settles, advances the test clock by `duration`, and settles again.
  ///
  /// The clock moves deadline by deadline: it stops at each sleeper's deadline inside the
  /// window and settles there, so an effect woken early that sleeps again within the window
  /// (a retry after a delay) is woken too, exactly when its own deadline comes.
  ///
  /// - Parameters:
  ///   - duration: How far to move the clock.
  ///   - timeout: How long the store may go without any change while settling.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func advance(
    by duration: Duration,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let clock else {
      reportFailure(
        """
        advance(by:) failed: there is no clock to advance.
          Expected: the TestClock the machine sleeps on, given to the TestStore.
          Happened: this TestStore was made without one.
          Fix: pass it when making the store: TestStore(initial:machine:clock:).
        """, at: site)
      return
    }
    guard duration >= .zero else {
      clock.move(by: duration, site: site)  // reports the backward move here
      return
    }
    // The clock settles every store it serves, this one included, at each deadline.
    await clock.advanceSettling(
      to: clock.now.advanced(by: duration), timeout: timeout, site: site)
  }

  // MARK: - Shared machinery

  enum Outcome<Result> {
    case decided(Result)
    case timedOut
    /// The effects ran away; the failure is reported already.
    case ranAway
  }

  /// Re-evaluates `decide` after every job the effects run and every change of the store that
  /// meets `condition`, until it returns a value.
  ///
  /// The effects' jobs run here, one at a time, on the caller's thread, in the schedule's
  /// order: nothing else runs them while a test waits, so what `decide` sees does not depend
  /// on timing. With no job ready, the caller suspends until a change or a new job.
  /// `condition` must name every change that can turn `decide`'s `nil` into a value: the
  /// others do not wake the caller.
  ///
  /// A wait first yields its thread when that thread has run 10 ms without such a yield: the
  /// caller runs the effects, so a test waiting on stores in a loop would otherwise hold its
  /// thread of the cooperative pool from start to end, and other tests' tasks could not run
  /// on it.
  ///
  /// Effects that run ``jobsWithoutProgress`` jobs with no change the monitor sees have run
  /// away (a retry loop with no cap on an immediate clock): the test fails naming them, the
  /// store is cancelled and its jobs dropped, and the wait times out at once.
  func until<Result>(
    timeout: Duration,
    wakingOn condition: WakeCondition,
    _ decide: (borrowing MonitorStateMachine<State, Event>) -> Result?
  ) async -> Outcome<Result> {
    if ThreadYields.isDue() { await Task.yield() }
    executor.beginDriving()
    defer { executor.endDriving() }
    var (lastVersion, jobs) = (-1, 0)
    while true {
      let (version, decision) = monitor.read { book in (book.version, decide(book)) }
      if let decision { return .decided(decision) }
      if version != lastVersion { (lastVersion, jobs) = (version, 0) }
      if executor.runNext(orWake: { [monitor] in monitor.poke() }) {
        jobs += 1
        if jobs < jobsWithoutProgress { continue }
        reportRunaway(jobs: jobs)
        return .ranAway
      }
      guard await monitor.waitForChange(after: version, until: condition, timeout: timeout)
      else {
        return .timedOut
      }
    }
  }

  /// Fails the test for effects that ran `jobs` jobs without progress, and stops them.
  private func reportRunaway(jobs: Int) {
    let running = monitor.read { book in Diagnostics.pending(book, for: .settle).lines }
    reportFailure(
      """
      The store's effects ran away.
        Expected: each effect to change the state, end, or wait on a test instrument within \(jobsWithoutProgress) jobs.
        Happened: they ran \(jobs) jobs with none of that (a loop with no end, such as a retry with no cap on an immediate clock).
          Pending:
      \(running)
        Fix: bound the loop (a retry count, a real delay on a TestClock), or raise jobsWithoutProgress if the work is long but finite.
      """, at: createdAt)
    executor.abandon()
    store.cancel()
  }

  /// Waits for quiet; reports and returns `false` when the store stays busy.
  func settle(timeout: Duration, site: CallSite) async -> Bool {
    checkUncheckedSends()
    let outcome = await until(timeout: timeout, wakingOn: .quiet) { book in
      book.isQuiet ? true : nil
    }
    checkUncheckedSends()
    if case .ranAway = outcome { return false }
    guard case .timedOut = outcome else { return true }
    let start = accounting.withLock { $0.cursor }
    reportStuck(
      call: "settle()", .settle, expected: "the store to become quiet",
      happened: "it went \(timeout) without any change and is still busy", from: start,
      site: site)
    return false
  }

  /// Waits for quiet as ``settle(timeout:site:)`` does, reporting nothing: for a wait on an
  /// instrument's `starts`, which reports for itself.
  ///
  /// - Returns: Whether the store became quiet.
  func settleQuietly() async -> Bool {
    checkUncheckedSends()
    let outcome = await until(timeout: .seconds(1), wakingOn: .quiet) { book in
      book.isQuiet ? true : nil
    }
    guard case .decided = outcome else { return false }
    return true
  }

  /// Reports a wait that cannot succeed: what `call` expected, what happened (with the last
  /// state, the trajectory from state `start` and what is pending), and the fix that applies
  /// to `kind` of call (`fix`, when given, comes first).
  func reportStuck(
    call: String, _ kind: Diagnostics.Call, expected: String, happened: String, from start: Int,
    site: CallSite, fix: String? = nil
  ) {
    let message = monitor.read { book in
      let pending = Diagnostics.pending(book, for: kind)
      let fixes = [fix, pending.fix].compactMap { $0 }.joined(separator: "; ")
      return """
        \(call) failed.
          Expected: \(expected).
          Happened: \(happened).
            Last state: \(Diagnostics.describe(book.lastState, indent: 4))
            Trajectory from state [\(start)]:
        \(Diagnostics.trajectory(book, from: start))
            Pending:
        \(pending.lines)
          Fix: \(fixes).
        """
    }
    reportFailure(message, at: site)
  }
}
