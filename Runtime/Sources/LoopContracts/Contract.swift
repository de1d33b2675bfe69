import Loop

/// A machine's specification, as data: its state diagram, concrete rows, invariants,
/// scenarios with call budgets, and the events to explore with.
///
/// Each feature module exports one as `static let contract`, and `make conformance` checks
/// every registered contract with ``ContractRunner``.
///
/// ```swift
/// static let contract = Contract<Counter>(
///   name: "counter",
///   initialStates: [Counter.State()],
///   phase: { $0.count == 0 ? "zero" : "counting" },
///   eventKind: { event in "\(event)" },
///   table: [
///     Move("zero", on: "increment", to: "counting"),
///     Move("counting", on: "increment", to: "counting"),
///   ],
///   examples: [Example("one", given: .init(count: 0), when: .increment, then: .init(count: 1))],
///   invariants: [Invariant("never negative") { $0.count >= 0 }],
///   scenarios: [],
///   alphabet: { _ in [.increment] },
///   makeMachine: { Counter() })
/// ```
public struct Contract<M: Machine>: Sendable where M.State: Hashable {
  /// The app or feature the contract belongs to, as reports name it ("movies").
  public let name: String
  /// The states exploration starts from; the first is the feature's launch state.
  public let initialStates: [M.State]
  /// Names the phase a state is in: the nodes of the state diagram.
  public let phase: @Sendable (M.State) -> String
  /// Names the kind of an event: the labels of the diagram's arrows.
  public let eventKind: @Sendable (M.Event) -> String
  /// Every allowed move; a move seen anywhere that is not listed fails the contract.
  public let table: [Move]
  /// Concrete rows, checked on the reducer and through a live store.
  public let examples: [Example<M.State, M.Event>]
  /// Rules every reachable state obeys.
  public let invariants: [Invariant<M.State>]
  /// Destination tests with call budgets, against the shared fixtures.
  public let scenarios: [Scenario<M>]
  /// The events worth trying from a state, for exploration.
  public let alphabet: @Sendable (M.State) -> [M.Event]
  /// Makes the machine with fixture-backed dependencies, for the live-store check of examples.
  public let makeMachine: @Sendable () -> M

  /// Creates a contract.
  ///
  /// - Parameters:
  ///   - name: The app or feature, as reports name it.
  ///   - initialStates: Where exploration starts; the first is the launch state.
  ///   - phase: Names a state's phase.
  ///   - eventKind: Names an event's kind.
  ///   - table: The allowed moves.
  ///   - examples: Concrete rows.
  ///   - invariants: Rules for every reachable state.
  ///   - scenarios: Destination tests with call budgets.
  ///   - alphabet: The events to try from a state.
  ///   - makeMachine: Builds the machine with fixture-backed dependencies.
  public init(
    name: String,
    initialStates: [M.State],
    phase: @escaping @Sendable (M.State) -> String,
    eventKind: @escaping @Sendable (M.Event) -> String,
    table: [Move],
    examples: [Example<M.State, M.Event>],
    invariants: [Invariant<M.State>],
    scenarios: [Scenario<M>],
    alphabet: @escaping @Sendable (M.State) -> [M.Event],
    makeMachine: @escaping @Sendable () -> M
  ) {
    self.name = name
    self.initialStates = initialStates
    self.phase = phase
    self.eventKind = eventKind
    self.table = table
    self.examples = examples
    self.invariants = invariants
    self.scenarios = scenarios
    self.alphabet = alphabet
    self.makeMachine = makeMachine
  }

  /// The move `event` makes from `before` to `after`, in the table's terms.
  ///
  /// - Parameters:
  ///   - before: The state before the event.
  ///   - event: The event.
  ///   - after: The state after it.
  /// - Returns: The move as phases and event kind.
  public func move(from before: M.State, on event: M.Event, to after: M.State) -> Move {
    Move(phase(before), on: eventKind(event), to: phase(after))
  }

  /// The table as a Mermaid `stateDiagram-v2`, one arrow per move.
  public var diagram: String {
    var lines = ["stateDiagram-v2"]
    if let launch = initialStates.first {
      lines.append("  [*] --> \(Self.node(phase(launch)))")
    }
    for move in table {
      lines.append("  \(Self.node(move.from)) --> \(Self.node(move.to)): \(move.event)")
    }
    return lines.joined(separator: "\n")
  }

  /// A phase name as a Mermaid node id: letters, digits and underscores only.
  static func node(_ phase: String) -> String {
    String(phase.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}
