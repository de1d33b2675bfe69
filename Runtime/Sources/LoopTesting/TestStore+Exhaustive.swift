import Loop

extension TestStore {
  /// Sends `event` and asserts the state it produces.
  ///
  /// `assert` receives a copy of the state before the event and turns it into the state you
  /// expect after it. On an exhaustive store the result must equal the actual state exactly;
  /// any difference fails with a field-by-field diff, and a closure given for an event that
  /// changed nothing fails too. On a non-exhaustive store the closure is applied to the actual
  /// new state instead, so only the fields it sets are checked.
  ///
  /// ```swift
  /// await store.send(.textChanged("Swift")) {
  ///   $0.text = "Swift"
  ///   $0.status = .debouncing("swift")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - event: The event to send.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///   - assert: Turns the old state into the expected new state.
  public func send(
    _ event: Event,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert: (inout State) -> Void
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkUncheckedSends()
    executor.runBeforeSend()
    let ordinal = beginSend(at: site)
    // The wait below runs what the event starts; what it leaves goes to LoopTesting's thread.
    executor.beginDriving()
    defer { executor.endDriving() }
    store.send(event)
    // The event is reduced by now unless an effect was reducing; then it is reduced next.
    let outcome = await until(timeout: .seconds(1), wakingOn: .newState) { book in
      book.userSteps.count > ordinal ? book.userSteps[ordinal] : nil
    }
    if case .ranAway = outcome { return }
    guard case .decided(let step) = outcome else {
      reportFailure(
        "send(_:assert:): the event was never reduced (was the store cancelled?)", at: site)
      return
    }
    withoutActuallyEscaping(assert) { assert in
      checkSend(step: step, assert: assert, site: site)
    }
  }

  /// Claims the next event an effect sent, which must equal `event`, and asserts its state.
  ///
  /// On an exhaustive store events must be received in the order they were reduced, each
  /// declaring the change it made with `assert`; on a non-exhaustive store events that do not
  /// match are skipped. When no event is waiting, `receive` waits for one, and fails at once if
  /// the store is quiet, naming what is pending ("advance the test clock", ...).
  ///
  /// - Parameters:
  ///   - event: The event expected.
  ///   - timeout: How long a busy store may go without any change before the wait fails.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///   - assert: Turns the state before the event into the state expected after it.
  public func receive(
    _ event: Event,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert: ((inout State) -> Void)? = nil
  ) async where Event: Equatable {
    await receive(
      describedAs: Diagnostics.describe(event), matching: { $0 == event }, timeout: timeout,
      assert: assert,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Claims the next event an effect sent of the case `embed` makes, whatever its payload, and
  /// asserts its state.
  ///
  /// Name the case by its constructor, as Swift spells it without macros:
  ///
  /// ```swift
  /// await store.receive(Search.Event.loaded) {
  ///   $0.status = .results(Search.Results(query: "swift", first: page))
  /// }
  /// ```
  ///
  /// An event matches when its payload, taken out and put back with `embed`, gives the same
  /// event: so two cases with the same payload type are told apart. For a case without a
  /// payload, pass the event itself: `receive(.retry)`.
  ///
  /// - Parameters:
  ///   - embed: The case's constructor, such as `Event.loaded`.
  ///   - timeout: How long a busy store may go without any change before the wait fails.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///   - assert: Turns the state before the event into the state expected after it.
  public func receive<Payload>(
    _ embed: @escaping (Payload) -> Event,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert: ((inout State) -> Void)? = nil
  ) async where Event: Equatable {
    await receive(
      describedAs: "an event of the case made from a \(Payload.self)",
      matching: { CaseMatch.payload(of: $0, madeBy: embed) != nil }, timeout: timeout,
      assert: assert,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Claims the next event an effect sent, which must satisfy `matcher`, and asserts its state.
  ///
  /// Use it to accept an event by a property of its payload; to accept any event of one
  /// case, pass the case's constructor instead (`receive(Event.loaded)`):
  ///
  /// ```swift
  /// await store.receive({
  ///   if case .loaded(_, let page) = $0 { page.results.count > 1 } else { false }
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - matcher: Accepts the expected event, by case or by any property.
  ///   - timeout: How long a busy store may go without any change before the wait fails.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///   - assert: Turns the state before the event into the state expected after it.
  public func receive(
    _ matcher: (Event) -> Bool,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert: ((inout State) -> Void)? = nil
  ) async {
    await receive(
      describedAs: "an event matching the matcher", matching: matcher, timeout: timeout,
      assert: assert,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Settles, then fails on every event an effect sent that was not received and on every
  /// effect still running, naming the feedback that started each.
  ///
  /// Call it at the end of an exhaustive test. The end of the test (the store going away)
  /// checks the same things, less precisely: it cannot settle first. A non-exhaustive store
  /// only settles.
  ///
  /// - Parameters:
  ///   - timeout: How long a busy store may go without any change while settling.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    _ = await settle(timeout: timeout, site: site)
    accounting.withLock { $0.isFinished = true }
    reportRaces()
    guard exhaustivity == .on else { return }
    if let (message, _) = unfinishedBusiness(
      headline: "finish() failed: the test left work unaccounted for.")
    {
      reportFailure(message, at: site)
    }
  }

  // MARK: - Checks

  func receive(
    describedAs expected: String,
    matching matcher: (Event) -> Bool,
    timeout: Duration,
    assert: ((inout State) -> Void)?,
    site: CallSite
  ) async {
    checkUncheckedSends()
    let claimed = accounting.withLock { $0.claimed }
    let exhaustive = exhaustivity == .on
    let outcome = await until(timeout: timeout, wakingOn: .newStateOrQuiet) {
      book -> ReceiveSearch? in
      for index in claimed..<book.steps.count {
        guard case .effect = book.steps[index].origin else { continue }
        if exhaustive || matcher(book.steps[index].event) { return .step(index) }
      }
      return book.isQuiet ? .quiet : nil
    }
    switch outcome {
    case .decided(.step(let index)):
      accounting.withLock {
        $0.claimed = max($0.claimed, index + 1)
        $0.cursor = max($0.cursor, index + 1)
      }
      let step = monitor.read { $0.steps[index] }
      guard matcher(step.event) else {
        reportFailure(
          """
          receive failed.
            Expected: \(expected).
            Happened: the next event sent by an effect was \(Diagnostics.describe(step.event)), \(step.origin).
            Fix: receive events in the order effects sent them, or fix the effect that sent this one.
          """, at: site)
        return
      }
      checkTransition(at: index, assert: assert, action: "receive(\(expected))", site: site)
    case .decided(.quiet):
      reportStuck(
        call: "receive", .receive, expected: expected,
        happened:
          "no event sent by an effect is waiting, and the store is quiet, so none will come",
        from: accounting.withLock { $0.cursor }, site: site)
    case .ranAway:
      return
    case .timedOut:
      reportStuck(
        call: "receive", .receive, expected: expected,
        happened: "none came, and the store went \(timeout) without any change while still busy",
        from: accounting.withLock { $0.cursor }, site: site)
    }
  }

  /// Checks the transition of a sent event: earlier effect events claimed, the change declared.
  func checkSend(step: Int, assert: ((inout State) -> Void)?, site: CallSite) {
    let earlier = accounting.withLock { accounts -> Int in
      defer { accounts.claimed = max(accounts.claimed, step + 1) }
      return accounts.claimed
    }
    let event = monitor.read { $0.steps[step].event }
    if exhaustivity == .on {
      let unclaimed = monitor.read { book in
        (earlier..<step).map { book.steps[$0] }.filter {
          if case .effect = $0.origin { return true }
          return false
        }
      }
      if !unclaimed.isEmpty {
        let list = unclaimed.map {
          "      \(Diagnostics.describe($0.event, indent: 6)), \($0.origin)"
        }
        reportFailure(
          """
          send(\(Diagnostics.describe(event))) failed.
            Expected: every event effects sent before it received first.
            Happened: \(unclaimed.count) event(s) sent by effects were not received:
          \(list.joined(separator: "\n"))
            Fix: claim them first with `await store.receive(...)`.
          """, at: site)
      }
    }
    checkTransition(
      at: step, assert: assert, action: "send(\(Diagnostics.describe(event)))", site: site)
  }

  /// Compares the state a step produced with what `assert` declares.
  func checkTransition(
    at index: Int, assert: ((inout State) -> Void)?, action: String, site: CallSite
  ) {
    let (before, after) = monitor.read { ($0.states[index], $0.states[index + 1]) }
    switch exhaustivity {
    case .on:
      guard let assert else {
        if before != after {
          report(
            action, expected: "no change, since no assert closure declares one",
            happened: "the state changed", expected: before, actual: after,
            fix: "pass a closure that makes these changes: \(action) { ... }", site: site)
        }
        return
      }
      var expected = before
      assert(&expected)
      if before == after {
        reportFailure(
          """
          \(action) failed.
            Expected: the change the assert closure declares.
            Happened: the state did not change.
            Fix: remove the closure, or fix the reducer if a change was due.
          """, at: site)
      } else if expected != after {
        report(
          action, expected: "the state the assert closure declares",
          happened: "the state differs", expected: expected, actual: after,
          fix: "make the closure set the fields shown under + actual, or fix the reducer",
          site: site)
      }
    case .off:
      guard let assert else { return }
      var expected = after
      assert(&expected)
      if expected != after {
        report(
          action, expected: "the state the assert closure declares",
          happened: "the state differs", expected: expected, actual: after,
          fix: "make the closure set the fields shown under + actual, or fix the reducer",
          site: site)
      }
    }
  }

  /// Reports a state that is not the one expected: the call, what it expected and what
  /// happened in words, the field-by-field diff, and the fix.
  func report(
    _ call: String, expected words: String, happened: String, expected: State, actual: State,
    fix: String, site: CallSite
  ) {
    let diff =
      StateDiff(expected: expected, actual: actual)?.description
      ?? "  - expected: \(Diagnostics.describe(expected))\n  + actual:   \(Diagnostics.describe(actual))"
    reportFailure(
      """
      \(call) failed.
        Expected: \(words).
        Happened: \(happened), field by field:
      \(diff)
        Fix: \(fix).
      """, at: site)
  }

  /// Checks the sends whose events were reduced after ``send(_:fileID:filePath:line:column:)`` returned.
  func checkUncheckedSends() {
    let ready = accounting.withLock { accounts -> [(step: Int, site: CallSite)] in
      guard !accounts.unchecked.isEmpty else { return [] }
      let userSteps = monitor.read { $0.userSteps }
      var ready: [(Int, CallSite)] = []
      accounts.unchecked.removeAll { item in
        guard item.ordinal < userSteps.count else { return false }
        ready.append((userSteps[item.ordinal], item.site))
        return true
      }
      return ready
    }
    for item in ready {
      checkSend(step: item.step, assert: nil, site: item.site)
    }
  }

  /// Unclaimed effect events and running effects, as a failure message, with the site of
  /// the send the first of them follows from; `nil` when there are none.
  func unfinishedBusiness(headline: String) -> (message: String, origin: CallSite?)? {
    let (claimed, sites) = accounting.withLock { accounts -> (Int, [CallSite]) in
      defer { accounts.claimed = Int.max }
      return (accounts.claimed, accounts.sendSites)
    }
    return monitor.read { book -> (String, CallSite?)? in
      let unclaimed = book.steps.indices.filter { index in
        guard index >= claimed, case .effect = book.steps[index].origin else { return false }
        return true
      }
      let running = book.running
      guard !unclaimed.isEmpty || !running.isEmpty else { return nil }
      func startedBy(_ ordinal: Int?) -> String {
        Diagnostics.startedBy(ordinal, in: book, sites: sites)
      }
      var origins: [Int?] = []
      var lines = [
        headline, "  Expected: every event an effect sent received, and no effect running.",
      ]
      lines.append("  Happened:")
      if !unclaimed.isEmpty {
        lines.append("    events sent by effects and not received:")
        for index in unclaimed {
          let step = book.steps[index]
          let origin = book.originatingSend(ofStep: index)
          origins.append(origin)
          lines.append(
            "      \(Diagnostics.describe(step.event, indent: 6)), \(step.origin), \(startedBy(origin))"
          )
        }
      }
      if !running.isEmpty {
        lines.append("    effects still running:")
        for activity in running {
          let origin = book.originatingSend(of: activity.record)
          origins.append(origin)
          let doing =
            activity.waits.sorted { $0.key < $1.key }.first.map { "is \($0.value.description)" }
            ?? (activity.isCancelled
              ? "was cancelled and has not ended yet"
              : "is running, not waiting on a test instrument")
          lines.append("      \(activity.record) \(doing), \(startedBy(origin))")
        }
      }
      let fix = running.isEmpty ? "" : Diagnostics.pending(book, for: .finish).fix + "; "
      lines.append(
        "  Fix: claim each event with `await store.receive(...)`, and end each effect (\(fix)or send the event that stops it); or make the store with exhaustivity: .off if the test only checks destinations."
      )
      let first = origins.compactMap { $0 }.first.flatMap {
        sites.indices.contains($0) ? sites[$0] : nil
      }
      return (lines.joined(separator: "\n"), first)
    }
  }

  /// The end of an exhaustive test without ``finish(timeout:fileID:filePath:line:column:)``.
  ///
  /// Without settling, only what is certain is reported: events already reduced and not
  /// received, and effects waiting on an instrument (they will not end by themselves). The
  /// failure points at the send that started the first of them (else where the store was
  /// made).
  func checkEndOfTest() {
    checkUncheckedSends()
    let blockedOnly = monitor.read { book in book.running.allSatisfy(\.isBlocked) }
    guard blockedOnly,
      let (message, origin) = unfinishedBusiness(
        headline:
          "The exhaustive TestStore ended with work unaccounted for (call `await store.finish()` at the end of the test to check it at a known point)."
      )
    else { return }
    reportFailure(message + "\n  Store made at \(createdAt).", at: origin ?? createdAt)
  }
}

/// What ``TestStore`` found while looking for an event to receive.
enum ReceiveSearch {
  /// The index of the step to claim.
  case step(Int)
  /// Nothing to claim, and nothing will come.
  case quiet
}
