import Loop

/// The words of every TestStore failure: what was expected, what happened, what to do.
enum Diagnostics {
  /// A value as every failure shows it: on one line when it fits, else laid out on several,
  /// continuation lines indented from column `indent`; every field shown, never cut.
  static func describe(_ value: Any, indent: Int = 4) -> String {
    ValueRendering.block(value, indent: indent)
  }

  /// `send(.typed("swift")) at File.swift:12`: the test's send `ordinal`, with its site when
  /// known.
  static func send<State, Event>(
    _ ordinal: Int, in book: borrowing MonitorStateMachine<State, Event>, sites: [CallSite]
  ) -> String {
    let site = sites.indices.contains(ordinal) ? " at \(sites[ordinal])" : ""
    guard book.userSteps.indices.contains(ordinal) else { return "send #\(ordinal + 1)\(site)" }
    return "send(\(describe(book.steps[book.userSteps[ordinal]].event, indent: 6)))\(site)"
  }

  /// `started by send(.typed("swift")) at File.swift:12`, for an effect that follows from the
  /// test's send `ordinal`; `started by the initial state` when it follows from no send.
  static func startedBy<State, Event>(
    _ ordinal: Int?, in book: borrowing MonitorStateMachine<State, Event>, sites: [CallSite]
  ) -> String {
    guard let ordinal else { return "started by the initial state" }
    return "started by \(send(ordinal, in: book, sites: sites))"
  }

  /// The trajectory from state `start` on, each state with the event that caused it and who
  /// sent that event; the last line is marked as where the store got stuck.
  static func trajectory<State, Event>(
    _ book: borrowing MonitorStateMachine<State, Event>, from start: Int
  ) -> String {
    let states = book.states
    let first = min(max(start, 0), states.count - 1)
    var lines: [String] = []
    for index in first..<states.count {
      let cause: String
      if index == 0 {
        cause = "initial state"
      } else {
        let step = book.steps[index - 1]
        cause = "\(describe(step.event, indent: 8)), \(step.origin)"
      }
      let marker = index == states.count - 1 ? "   ← stuck here" : ""
      lines.append("    [\(index)] \(cause)\(marker)")
      lines.append("        \(describe(states[index], indent: 8))")
    }
    return lines.joined(separator: "\n")
  }

  /// The call a failure is about, so the fix it names is one that applies there.
  enum Call {
    /// `wait(until:)`: a waypoint in the recorded states.
    case waypoint
    /// `waitForCurrentState`: the current state, on a store that may never settle.
    case current
    /// `settle()`, `advance(by:)` and the clock's own `advance`.
    case settle
    /// `receive`.
    case receive
    /// `finish()` and the end of the test.
    case finish
  }

  /// What the running effects are doing, one line each, and the fix that would move them,
  /// for a failure of `call`.
  static func pending<State, Event>(
    _ book: borrowing MonitorStateMachine<State, Event>, for call: Call
  ) -> (lines: String, fix: String) {
    let running = book.running
    guard !running.isEmpty || book.queuedEvents > 0 else {
      return (
        "    nothing: no effect is running and no event is queued",
        "nothing the store does will change the state now: check the events the test sends and the feedback queries that should start work"
      )
    }
    var lines: [String] = []
    var fixes: [String] = []
    if book.queuedEvents > 0 {
      lines.append("    \(book.queuedEvents) event(s) queued, not reduced yet")
    }
    for activity in running {
      let waits = activity.waits.sorted { $0.key < $1.key }.map(\.value)
      if activity.isCancelled, waits.isEmpty {
        lines.append("    \(activity.record) was cancelled and has not ended yet")
        fixes.append("make the effect return when cancelled (it ignores cancellation)")
      } else if waits.isEmpty {
        lines.append("    \(activity.record) is running, not waiting on a test instrument")
        fixes.append(
          call == .current
            ? "if it waits on something real (a stream, a network call), inject a ControlledWork, ControlledStream or TestClock for it; if the state is due later, give the wait a longer `timeout`"
            : "if it waits on something real (a stream, a network call), inject a ControlledWork, ControlledStream or TestClock for it; a store that never settles (a real subscription) is waited on with `waitForCurrentState`"
        )
      } else {
        for wait in waits {
          lines.append("    \(activity.record) is \(wait.description)")
          fixes.append(fix(for: wait.kind))
        }
      }
    }
    var seen = Set<String>()
    let uniqueFixes = fixes.filter { seen.insert($0).inserted }
    return (lines.joined(separator: "\n"), uniqueFixes.joined(separator: "; "))
  }

  static func fix(for kind: InstrumentWaitKind) -> String {
    switch kind {
    case .clock: "advance the test clock (`await store.advance(by:)`)"
    case .work: "complete the ControlledWork generation with `succeed` or `fail`"
    case .stream: "yield to or finish the ControlledStream generation"
    }
  }
}
