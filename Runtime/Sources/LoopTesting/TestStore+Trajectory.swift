import Loop

extension TestStore {
  /// One reduced event of the trajectory and the state it produced.
  public struct Step: Sendable {
    /// The event reduced.
    public let event: Event
    /// Who sent it, in words: "sent by the test", or the feedback and generation of the
    /// effect that sent it.
    public let cause: String
    /// Whether the test sent it (rather than an effect).
    public let isFromTest: Bool
    /// The state after the event.
    public let state: State
  }

  /// Every state the store has passed through, oldest first, starting with the initial
  /// state: states that came and went (a spinner) included.
  ///
  /// A read of what the store recorded, for a test that wants to observe the journey in the
  /// middle of a test; waits (``wait(timeout:until:fileID:filePath:line:column:)``) remain
  /// the way to reach a destination.
  public var states: [State] {
    monitor.read { book in book.states }
  }

  /// Every reduced event with its cause and the state it produced, oldest first:
  /// `steps[i]` made `states[i + 1]`.
  public var steps: [Step] {
    monitor.read { book in
      book.steps.map { step in
        let isFromTest: Bool
        if case .user = step.origin { isFromTest = true } else { isFromTest = false }
        return Step(
          event: step.event, cause: step.origin.description, isFromTest: isFromTest,
          state: step.state)
      }
    }
  }
}

extension TestStore {
  /// Every reduced event with its origin and the state it produced, oldest first, for the
  /// contract runner's session replay, which compares origins with a recording's.
  package var transitions: [(event: Event, origin: EventOrigin, state: State)] {
    monitor.read { book in book.steps.map { ($0.event, $0.origin, $0.state) } }
  }
}
