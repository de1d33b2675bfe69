/// A named predicate that must hold in every state the machine can reach.
///
/// Invariants state what the types cannot: "no movie is listed twice", "loading iff a request
/// is in flight". The runner checks them in every state it sees: examples, scenario
/// trajectories and every state the explorer reaches.
public struct Invariant<State: Sendable>: Sendable {
  /// The rule, in words.
  public let name: String
  /// Whether `state` obeys the rule.
  public let holds: @Sendable (State) -> Bool

  /// Creates an invariant.
  ///
  /// - Parameters:
  ///   - name: The rule, in words; reports use it.
  ///   - holds: Whether a state obeys the rule.
  public init(_ name: String, _ holds: @escaping @Sendable (State) -> Bool) {
    self.name = name
    self.holds = holds
  }
}
