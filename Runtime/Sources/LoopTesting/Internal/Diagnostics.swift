import Loop

/// The words of every TestStore failure: what was expected, what happened, what to do.
enum Diagnostics {
  /// A value on one line, cut short past `limit` characters.
  static func describe(_ value: Any, limit: Int = 240) -> String {
    let text = ValueRendering.render(value).split(separator: "\n").joined(separator: " ")
    guard text.count > limit else { return text }
    return String(text.prefix(limit)) + "…"
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
        cause = "\(describe(step.event, limit: 120)), \(step.origin)"
      }
      let marker = index == states.count - 1 ? "   ← stuck here" : ""
      lines.append("    [\(index)] \(cause)\(marker)")
      lines.append("        \(describe(states[index]))")
    }
    return lines.joined(separator: "\n")
  }

  /// What the running effects are doing, one line each, and the fix that would move them.
  static func pending<State, Event>(_ book: borrowing MonitorStateMachine<State, Event>) -> (
    lines: String, fix: String
  ) {
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
          "if it waits on something real (a stream, a network call), inject a ControlledWork, ControlledStream or TestClock, or use waitUntil"
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
