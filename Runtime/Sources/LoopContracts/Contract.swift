import Loop

/// A machine's specification, as data: its state diagram, concrete rows, invariants,
/// scenarios with call budgets, and the events to explore with.
///
/// Phases and event kinds are the feature's own enums, so every row of the table is checked
/// by the compiler, and a phase or kind that no row mentions is reported. Each feature module
/// exports one contract as `static let contract`, and `make conformance` checks every
/// registered contract with ``ContractRunner``. The type parameters are spelled out below; a
/// ``Contracted`` machine's contract leaves them out (`Contract(name: ...)`).
///
/// ```swift
/// enum Phase: CaseIterable, Sendable { case zero, counting }
/// enum Kind: String, CaseIterable, Sendable { case increment }  // named after Event's cases
///
/// static let contract = Contract<Counter, Phase, Kind>(
///   name: "counter",
///   initialStates: [Counter.State()],
///   phase: { $0.count == 0 ? .zero : .counting },
///   table: [Move(.zero, on: .increment, to: .counting), Move(.counting, on: .increment, to: .counting)],
///   examples: [Example("one", given: .init(count: 0), when: .increment, then: .init(count: 1))],
///   invariants: [Invariant("never negative") { $0.count >= 0 }],
///   alphabet: { _ in [.increment] },
///   makeMachine: { Counter(clock: ContinuousClock()) })
/// ```
public struct Contract<M: Machine, Phase: ContractLabel, Kind: ContractLabel>: Sendable
where M.State: Hashable, M.Event: Codable {
  /// The app or feature the contract belongs to, as reports name it ("movies").
  public let name: String
  /// The states exploration starts from; the first is the feature's launch state.
  public let initialStates: [M.State]
  /// The phase a state is in: the nodes of the state diagram.
  public let phase: @Sendable (M.State) -> Phase
  /// The kind of an event: the labels of the diagram's arrows; `nil` for an event whose case
  /// has no kind of the same name (reported by the runner).
  let kind: @Sendable (M.Event) -> Kind?
  /// Every allowed move; a move seen anywhere that is not listed fails the contract.
  public let table: [Move<Phase, Kind>]
  /// Concrete rows, checked on the reducer and through a live store.
  public let examples: [Example<M.State, M.Event>]
  /// Rules every reachable state obeys.
  public let invariants: [Invariant<M.State>]
  /// Rules every step obeys: what each kind of event may and may not change.
  public let laws: [Law<M.State, M.Event, Kind>]
  /// Codecs whose round trip must be the identity, on states exploration reached.
  public let roundTrips: [RoundTrip<M.State>]
  /// Destination tests with call budgets, against the shared fixtures.
  public let scenarios: [Scenario<M>]
  /// Mutants no check can kill, each with the reason in words (see ``Mutant``).
  public let equivalentMutants: [Mutant<Kind>: String]
  /// The events worth trying from a state, for exploration.
  public let alphabet: @Sendable (M.State) -> [M.Event]
  /// Makes the machine with fixture-backed dependencies, for the live-store check of examples.
  public let makeMachine: @Sendable () -> M
  /// Phases no event sequence from the initial states reaches, each with the reason in words
  /// (see ``unreachable(_:because:)``): the runner does not ask exploration to reach them.
  public private(set) var unreachablePhases: [Phase: String] = [:]
  /// Event kinds the alphabet leaves out on purpose, each with the reason in words (see
  /// ``notOffered(_:because:)``): the runner does not ask the alphabet to offer them.
  public private(set) var unofferedKinds: [Kind: String] = [:]
  /// The kinds' names when each kind is named after an event case (`Kind(rawValue:)` of the
  /// case's name), so the runner can match them to the cases the event declares; `nil` for a
  /// contract whose `kind` closure names them.
  let kindNames: [String]?

  /// Creates a contract whose event kinds are named by `kind`.
  ///
  /// - Parameters:
  ///   - name: The app or feature, as reports name it.
  ///   - initialStates: Where exploration starts; the first is the launch state.
  ///   - phase: Names a state's phase.
  ///   - kind: Names an event's kind.
  ///   - table: The allowed moves.
  ///   - examples: Concrete rows.
  ///   - invariants: Rules for every reachable state.
  ///   - laws: Rules for every step.
  ///   - roundTrips: Codecs that must give back what they were given.
  ///   - scenarios: Destination tests with call budgets.
  ///   - equivalentMutants: Mutants no check can kill, with the reason for each.
  ///   - alphabet: The events to try from a state.
  ///   - makeMachine: Builds the machine with fixture-backed dependencies.
  public init(
    name: String,
    initialStates: [M.State],
    phase: @escaping @Sendable (M.State) -> Phase,
    kind: @escaping @Sendable (M.Event) -> Kind,
    table: [Move<Phase, Kind>],
    examples: [Example<M.State, M.Event>] = [],
    invariants: [Invariant<M.State>] = [],
    laws: [Law<M.State, M.Event, Kind>] = [],
    roundTrips: [RoundTrip<M.State>] = [],
    scenarios: [Scenario<M>] = [],
    equivalentMutants: [Mutant<Kind>: String] = [:],
    alphabet: @escaping @Sendable (M.State) -> [M.Event],
    makeMachine: @escaping @Sendable () -> M
  ) {
    self.init(
      name: name, initialStates: initialStates, phase: phase, optionalKind: { kind($0) },
      table: table, examples: examples, invariants: invariants, laws: laws,
      roundTrips: roundTrips, scenarios: scenarios,
      equivalentMutants: equivalentMutants, alphabet: alphabet, makeMachine: makeMachine)
  }

  init(
    name: String,
    initialStates: [M.State],
    phase: @escaping @Sendable (M.State) -> Phase,
    optionalKind kind: @escaping @Sendable (M.Event) -> Kind?,
    table: [Move<Phase, Kind>],
    examples: [Example<M.State, M.Event>],
    invariants: [Invariant<M.State>],
    laws: [Law<M.State, M.Event, Kind>],
    roundTrips: [RoundTrip<M.State>],
    scenarios: [Scenario<M>],
    equivalentMutants: [Mutant<Kind>: String],
    alphabet: @escaping @Sendable (M.State) -> [M.Event],
    makeMachine: @escaping @Sendable () -> M,
    kindNames: [String]? = nil
  ) {
    self.kindNames = kindNames
    self.name = name
    self.initialStates = initialStates
    self.phase = phase
    self.kind = kind
    self.table = table
    self.examples = examples
    self.invariants = invariants
    self.laws = laws
    self.roundTrips = roundTrips
    self.scenarios = scenarios
    self.equivalentMutants = equivalentMutants
    self.alphabet = alphabet
    self.makeMachine = makeMachine
  }

  /// The move `event` makes from `before` to `after`, in the table's terms.
  ///
  /// - Parameters:
  ///   - before: The state before the event.
  ///   - event: The event.
  ///   - after: The state after it.
  /// - Returns: The move as phases and event kind; `nil` when the event's case has no kind.
  public func move(from before: M.State, on event: M.Event, to after: M.State) -> Move<
    Phase, Kind
  >? {
    kind(event).map { Move(phase(before), on: $0, to: phase(after)) }
  }

  /// The laws that judge the step from `before` on `event` to `after`, and those of them it
  /// breaks, by index in ``laws``.
  package func judge(_ before: M.State, _ event: M.Event, _ after: M.State)
    -> (judged: [Int], broken: [Int])
  {
    judge(before, event, after, kind: laws.isEmpty ? nil : kind(event))
  }

  /// `judge(_:_:_:)` for an event whose kind is known: `eventKind`, `kind(event)`.
  func judge(_ before: M.State, _ event: M.Event, _ after: M.State, kind eventKind: Kind?)
    -> (judged: [Int], broken: [Int])
  {
    guard !laws.isEmpty else { return ([], []) }
    let judged = laws.indices.filter { laws[$0].applies(to: eventKind) }
    return (judged, judged.filter { !laws[$0].holds(before, event, after) })
  }

  /// The table as a Mermaid `stateDiagram-v2`, one arrow per move.
  public var diagram: String {
    var lines = ["stateDiagram-v2"]
    if let launch = initialStates.first {
      lines.append("  [*] --> \(Self.node(label(phase(launch))))")
    }
    for move in table {
      lines.append(
        "  \(Self.node(label(move.from))) --> \(Self.node(label(move.to))): \(label(move.event))")
    }
    return lines.joined(separator: "\n")
  }

  /// A phase name as a Mermaid node id: letters, digits and underscores only.
  static func node(_ phase: String) -> String {
    String(phase.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}

extension Contract where Kind: RawRepresentable, Kind.RawValue == String {
  /// Creates a contract whose event kinds are the names of the event's cases: `Kind` has one
  /// case per case of `M.Event`, with the same name (`case pageLoaded` for
  /// `.pageLoaded(request, page)`).
  ///
  /// An event whose case has no `Kind` of the same name fails the contract, naming the case.
  ///
  /// - Parameters:
  ///   - name: The app or feature, as reports name it.
  ///   - initialStates: Where exploration starts; the first is the launch state.
  ///   - phase: Names a state's phase.
  ///   - table: The allowed moves.
  ///   - examples: Concrete rows.
  ///   - invariants: Rules for every reachable state.
  ///   - laws: Rules for every step.
  ///   - roundTrips: Codecs that must give back what they were given.
  ///   - scenarios: Destination tests with call budgets.
  ///   - equivalentMutants: Mutants no check can kill, with the reason for each.
  ///   - alphabet: The events to try from a state.
  ///   - makeMachine: Builds the machine with fixture-backed dependencies.
  public init(
    name: String,
    initialStates: [M.State],
    phase: @escaping @Sendable (M.State) -> Phase,
    table: [Move<Phase, Kind>],
    examples: [Example<M.State, M.Event>] = [],
    invariants: [Invariant<M.State>] = [],
    laws: [Law<M.State, M.Event, Kind>] = [],
    roundTrips: [RoundTrip<M.State>] = [],
    scenarios: [Scenario<M>] = [],
    equivalentMutants: [Mutant<Kind>: String] = [:],
    alphabet: @escaping @Sendable (M.State) -> [M.Event],
    makeMachine: @escaping @Sendable () -> M
  ) {
    self.init(
      name: name, initialStates: initialStates, phase: phase,
      optionalKind: { Kind(rawValue: CaseName.of($0)) },
      table: table, examples: examples, invariants: invariants, laws: laws,
      roundTrips: roundTrips, scenarios: scenarios,
      equivalentMutants: equivalentMutants, alphabet: alphabet, makeMachine: makeMachine,
      kindNames: Kind.allCases.map(\.rawValue))
  }
}

extension Contract {
  /// The contract with `phase` declared unreachable: no sequence of events from the initial
  /// states gets there, for `reason`.
  ///
  /// The runner fails a contract whose exploration never reaches a phase, so that a phase left
  /// behind by a change, or an alphabet that lost the events leading to it, is named. A phase
  /// kept on purpose though nothing reaches it (one kept for a state loaded from an older
  /// file, say) is declared instead, as `Contract(...).unreachable(.migrating, because: "only
  /// an old file starts there")`; exploration reaching it then fails the contract.
  ///
  /// - Parameters:
  ///   - phase: The phase.
  ///   - reason: Why nothing reaches it, in words.
  /// - Returns: The contract with the declaration.
  public func unreachable(_ phase: Phase, because reason: String) -> Self {
    var contract = self
    contract.unreachablePhases[phase] = reason
    return contract
  }

  /// The contract with `kind` declared left out of the alphabet on purpose, for `reason`.
  ///
  /// The runner fails a contract whose alphabet never offers a kind of event, since
  /// exploration checks nothing about events it never sends. A kind left to the effects on
  /// purpose (so that only a schedule search can find what their order hides, say) is declared
  /// instead; an alphabet that offers it then fails the contract.
  ///
  /// - Parameters:
  ///   - kind: The event kind.
  ///   - reason: Why the alphabet leaves it out, in words.
  /// - Returns: The contract with the declaration.
  public func notOffered(_ kind: Kind, because reason: String) -> Self {
    var contract = self
    contract.unofferedKinds[kind] = reason
    return contract
  }
}

/// What a phase or an event kind must be: a small enum whose cases name the diagram's nodes
/// and arrows.
public typealias ContractLabel = Hashable & CaseIterable & Sendable

/// A label as reports print it: the case's name.
func label<Label>(_ value: Label) -> String {
  "\(value)"
}
