/// A concrete row of a contract: given a state, when an event arrives, then this state.
///
/// The runner checks every example twice: on the pure reducer, and through a live store
/// running the machine's feedbacks. The two must agree; a disagreement is a runtime bug.
public struct Example<State: Sendable, Event: Sendable>: Sendable {
  /// What the row shows, in a few words.
  public let name: String
  /// The state before the event.
  public let given: State
  /// The event.
  public let event: Event
  /// The state expected after the event.
  public let expected: State

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - name: What the row shows.
  ///   - given: The state before the event.
  ///   - event: The event.
  ///   - expected: The state expected after it.
  public init(_ name: String, given: State, when event: Event, then expected: State) {
    self.name = name
    self.given = given
    self.event = event
    self.expected = expected
  }
}
