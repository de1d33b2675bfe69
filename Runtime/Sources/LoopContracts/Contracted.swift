import Loop

/// A machine whose contract names its phases and event kinds with the machine's own nested
/// `Phase` and `Kind` types.
///
/// Inside an extension of such a machine, ``Contract`` is the machine's contract type, its
/// three type parameters filled in, so a contract is written without them:
///
/// ```swift
/// extension Counter: Contracted {
///   enum Phase: CaseIterable, Sendable { case zero, counting }
///   enum Kind: String, CaseIterable, Sendable { case increment }
///
///   static let contract = Contract(
///     name: "counter",
///     initialStates: [State()],
///     phase: { $0.count == 0 ? .zero : .counting },
///     table: [
///       Move(.zero, on: .increment, to: .counting), Move(.counting, on: .increment, to: .counting),
///     ],
///     alphabet: { _ in [.increment] },
///     makeMachine: { Counter(clock: ContinuousClock()) })
/// }
/// ```
///
/// Elsewhere, write them: `Contract<Counter, Counter.Phase, Counter.Kind>(...)`. The types are
/// given, not inferred, so a long contract type-checks as fast as one that spells them out.
/// docs/CONTRACTS.md lists the compiler's errors when the conformance or the enums are
/// missing.
public protocol Contracted: Machine where State: Hashable, Event: Codable {
  /// The phases of the machine's states: the nodes of the contract's diagram.
  associatedtype Phase: ContractLabel
  /// The kinds of its events, one per case of `Event` with the same name: the arrows.
  associatedtype Kind: ContractLabel & RawRepresentable where Kind.RawValue == String
}

extension Contracted {
  /// The machine's contract type: `Contract<Self, Phase, Kind>`.
  public typealias Contract = LoopContracts.Contract<Self, Phase, Kind>
}
