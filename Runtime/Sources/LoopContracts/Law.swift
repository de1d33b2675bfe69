/// A named rule over one step: what an event may and may not change.
///
/// An ``Invariant`` judges one state; a law judges a step, the state before, the event and the
/// state after, so it can say what no single state shows: which fields an event leaves alone
/// (a frame condition), that nothing is lost or duplicated (conservation), that a counter only
/// grows (monotonicity), or that the step agrees with a small reference model. The runner
/// checks a law on every step it sees whose event is of one of its kinds: example rows,
/// scenario trajectories, replayed recordings, and every step exploration takes, breadth-first
/// and on random walks. A failing step found by exploration is shrunk and saved like a broken
/// invariant, and the report shows the state before and after it.
///
/// ```swift
/// let laws: [Law<Search.State, Search.Event, Search.Kind>] = [
///   Law("a query change leaves the cache alone", on: .textChanged) { before, _, after in
///     after.cache == before.cache
///   },
///   Law("a step never lowers the count of requests") { before, _, after in
///     after.requestsStarted >= before.requestsStarted
///   },
/// ]
/// ```
public struct Law<State: Sendable, Event: Sendable, Kind: ContractLabel>: Sendable {
  /// The rule, in words; reports use it.
  public let name: String
  /// The kinds of event it judges; `nil` for every kind.
  public let kinds: Set<Kind>?
  /// Whether the step from `before` on `event` to `after` obeys the rule.
  public let holds: @Sendable (_ before: State, _ event: Event, _ after: State) -> Bool

  /// Creates a law over the steps of the kinds given, or of every kind when none is.
  ///
  /// - Parameters:
  ///   - name: The rule, in words; reports use it.
  ///   - kinds: The kinds of event it judges; every kind when empty.
  ///   - holds: Whether a step (the state before, the event, the state after) obeys the rule.
  public init(
    _ name: String, on kinds: Kind...,
    holds: @escaping @Sendable (_ before: State, _ event: Event, _ after: State) -> Bool
  ) {
    self.name = name
    self.kinds = kinds.isEmpty ? nil : Set(kinds)
    self.holds = holds
  }

  /// Creates a law over the steps of the kinds listed, such as a contract's group of edits.
  ///
  /// - Parameters:
  ///   - name: The rule, in words; reports use it.
  ///   - kinds: The kinds of event it judges; every kind when empty.
  ///   - holds: Whether a step (the state before, the event, the state after) obeys the rule.
  public init(
    _ name: String, on kinds: [Kind],
    holds: @escaping @Sendable (_ before: State, _ event: Event, _ after: State) -> Bool
  ) {
    self.name = name
    self.kinds = kinds.isEmpty ? nil : Set(kinds)
    self.holds = holds
  }

  /// Whether the law judges events of `kind` (`nil`: an event whose case has no kind, which
  /// only a law for every kind judges).
  func applies(to kind: Kind?) -> Bool {
    guard let kinds else { return true }
    return kind.map(kinds.contains) ?? false
  }
}
