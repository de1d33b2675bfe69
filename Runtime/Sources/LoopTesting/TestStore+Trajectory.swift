import Loop

extension TestStore {
  /// One reduced event of the trajectory and the state it produced.
  public struct Step: Sendable {
    /// The event reduced.
    public let event: Event
    /// Who sent it, in words: "sent by the test", or the feedback and generation of the
    /// effect that sent it.
    public let cause: String
    /// Who sent it, as values: ``Origin/test`` or the feedback and generation of the effect.
    public let origin: Origin
    /// Whether the test sent it (rather than an effect).
    public let isFromTest: Bool
    /// The state after the event.
    public let state: State

    /// Who sent a step's event.
    public enum Origin: Hashable, Sendable {
      /// The test, with `send`.
      case test
      /// The effect of the feedback named `feedback`, in its `generation` (counted from 0,
      /// as ``CallLog``'s calls count them).
      case effect(feedback: String, generation: Int)
    }
  }

  /// Every state the store has passed through, oldest first, starting with the initial
  /// state: states that came and went (a spinner) included.
  ///
  /// A read of what the store recorded, for a test that wants to observe the journey in the
  /// middle of a test; waits (``wait(timeout:until:fileID:filePath:line:column:)``) remain
  /// the way to reach a destination.
  public var states: [State] {
    executor.drain()
    return monitor.read { book in book.states }
  }

  /// Every reduced event with its cause and the state it produced, oldest first:
  /// `steps[i]` made `states[i + 1]`.
  public var steps: [Step] {
    executor.drain()
    return monitor.read { book in
      book.steps.map { step in
        let origin: Step.Origin =
          switch step.origin {
          case .user: .test
          case .effect(let record):
            .effect(feedback: record.feedback, generation: record.generation)
          }
        return Step(
          event: step.event, cause: step.origin.description, origin: origin,
          isFromTest: origin == .test, state: step.state)
      }
    }
  }
}

extension TestStore {
  /// Every reduced event with its origin and the state it produced, oldest first, for the
  /// contract runner's recording replay, which compares origins with a recording's.
  package var transitions: [(event: Event, origin: EventOrigin, state: State)] {
    monitor.read { book in book.steps.map { ($0.event, $0.origin, $0.state) } }
  }
}

extension TestStore {
  /// Each send of the test that raced an effect, as a failure message; empty when none did.
  ///
  /// A send races an effect when the effect was running on its own as the send began (not
  /// waiting on a `TestClock`, a `ControlledWork` or a `ControlledStream`) and sent its next
  /// event after the send, without waiting on an instrument first. That event could as well
  /// have come before the send, so the states the store passed through depend on timing. A
  /// race is found when the effect's event comes second, which is nearly always for an effect
  /// the previous send started; when it comes first, there is nothing to see in that run.
  /// The contract runner fails a scenario with a race, because its coverage is read from the
  /// states its stores pass through.
  package var races: [String] {
    raceReports.map(\.message)
  }

  /// ``races`` with the effects whose work escaped the store's executor only.
  ///
  /// The contract runner asks for these: an effect that runs only on the executor sends its
  /// next event when a schedule says, after the send or before it, so what it does is not a
  /// matter of timing.
  ///
  /// - Parameter escapedWork: The executor's `escapedWork`: the word feedback and a feedback's
  ///   name in backticks for each effect, or `a child task` for work no feedback can be named
  ///   for (then every race counts).
  /// - Returns: A failure message for each send that raced one of those effects.
  package func races(escaping escapedWork: [String]) -> [String] {
    raceReports.filter { race in
      escapedWork.contains("feedback `\(race.feedback)`") || escapedWork.contains("a child task")
    }.map(\.message)
  }

  /// With ``failsOnRaces``, fails the test once for each send that raced an effect, at the
  /// send.
  func reportRaces() {
    guard failsOnRaces else { return }
    for race in raceReports {
      reportFailure(race.message, at: race.site)
    }
  }

  /// Each send that raced an effect: the failure message, and where the test sent it.
  private var raceReports: [(message: String, site: CallSite, feedback: String)] {
    let sites = accounting.withLock { $0.sendSites }
    return monitor.read { book in
      book.races.map { race in
        let started = Diagnostics.startedBy(
          book.originatingSend(of: race.effect), in: book, sites: sites)
        let event = Diagnostics.describe(book.steps[race.step].event, indent: 6)
        let message = """
          \(Diagnostics.send(race.send, in: book, sites: sites)) raced an effect, so the states \
          the store passed through depend on timing.
            Expected: every effect waiting on a test instrument when the test sends (a quiet store).
            Happened: the \(race.effect), \(started), was running on its own when the send began; \
          its next event, \(event), came after the send, and could as well have come before it.
            Fix: before the send, `await store.settle()`, or wait for the state the effect \
          brings; or make the dependency wait on ControlledWork or a TestClock.
          """
        return (
          message, sites.indices.contains(race.send) ? sites[race.send] : createdAt,
          race.effect.feedback
        )
      }
    }
  }
}
