import Loop

/// A deliberate fault the runner plants in a machine or in the runtime around it, to measure
/// whether a contract notices: ``ContractRunner/machineMutants(of:)`` runs the whole contract once
/// per mutant, and a mutant is *killed* when any check fails.
///
/// Mutants are derived from the machine with no per-app code: one per event kind, one per
/// feedback, and the runtime and clock faults every machine is exposed to. A mutant no check
/// can kill is declared in the contract's `equivalentMutants` with the reason in words.
public enum Mutant<Kind: ContractLabel>: Hashable, Sendable, CustomStringConvertible {
  /// The reducer ignores every event of this kind (returns without changing the state).
  case ignores(Kind)
  /// The feedback with this name is removed: its effects never run.
  case withoutFeedback(String)
  /// Every event an effect sends is delivered to the store twice.
  case deliversEffectEventsTwice
  /// The runtime's generation check is off: events of a cancelled or replaced effect are
  /// reduced as if current.
  case acceptsStaleEvents
  /// Every `TestClock` sleep wakes after `numerator/denominator` of its duration.
  case sleepsScaled(numerator: Int, denominator: Int)

  /// The runtime and clock mutants every contract faces.
  public static var runtime: [Mutant] {
    [
      .deliversEffectEventsTwice, .acceptsStaleEvents,
      .sleepsScaled(numerator: 2, denominator: 3), .sleepsScaled(numerator: 3, denominator: 2),
    ]
  }

  /// The mutant in a few words: "`retry` is ignored".
  public var description: String {
    switch self {
    case .ignores(let kind): "`\(label(kind))` is ignored by the reducer"
    case .withoutFeedback(let name): "the feedback `\(name)` is removed"
    case .deliversEffectEventsTwice: "every effect event is delivered twice"
    case .acceptsStaleEvents: "the runtime reduces events of superseded effects"
    case .sleepsScaled(let numerator, let denominator):
      "every clock sleep wakes at \(numerator)/\(denominator) of its duration"
    }
  }

  /// The reducer fault this mutant plants, if it is one.
  var ignoredKind: Kind? {
    if case .ignores(let kind) = self { return kind }
    return nil
  }

  /// Whether the mutant changes the pure reducer, which examples and exploration see.
  var changesReducer: Bool { ignoredKind != nil }

  /// The mutants ``ContractRunner/machineMutants(of:)`` runs against `contract`, in order,
  /// and the names of the machine's feedbacks (once each).
  static func derived<M: Machine, Phase: ContractLabel>(from contract: Contract<M, Phase, Kind>)
    -> (mutants: [Mutant], feedbacks: [String])
  {
    var names: [String] = []
    for feedback in contract.makeMachine().feedbacks where !names.contains(feedback.name) {
      names.append(feedback.name)
    }
    return (
      Kind.allCases.map { .ignores($0) } + names.map { .withoutFeedback($0) } + runtime, names
    )
  }
}

/// What ``ContractRunner/machineMutants(of:)`` found for one mutant.
public struct MutantResult: Sendable, Codable, Hashable {
  /// The mutant, in words ("`retry` is ignored by the reducer").
  public var mutant: String
  /// The first check that failed with the mutant in place; `nil` when it survived.
  public var killedBy: Rule?
  /// What that check said, on one line.
  public var killedWith: String?
  /// The reason the contract gives for declaring the mutant equivalent, if it does.
  public var equivalence: String?
  /// The kind of event the mutant's reducer ignores, for a mutant that does: the table rows
  /// of that kind are where it acts.
  public var ignoredEvent: String? = nil

  /// Whether the mutant was killed.
  public var isKilled: Bool { killedBy != nil }
}

/// A contract's verdict on every machine-derived ``Mutant``.
///
/// It says whether every event kind and feedback is observed by some check, not what each
/// does: a contract's *strength* is its source-level mutation score (`make mutation`,
/// docs/CONTRACTS.md), which this report does not measure.
public struct MachineMutantReport: Sendable, Codable, Hashable {
  /// One result per mutant, in the order they ran.
  public var mutants: [MutantResult] = []
  /// Declarations that are wrong: an equivalence for a mutant the runner does not make.
  public var problems: [String] = []
  /// Wall time, in seconds.
  public var durationSeconds: Double = 0

  /// Creates an empty report.
  public init() {}

  /// Mutants killed.
  public var killed: Int { mutants.filter(\.isKilled).count }
  /// Mutants that survived and are not declared equivalent: each is a rule the contract misses.
  public var survivors: [MutantResult] {
    mutants.filter { !$0.isKilled && $0.equivalence == nil }
  }
  /// Mutants declared equivalent that did survive.
  public var equivalent: [MutantResult] {
    mutants.filter { !$0.isKilled && $0.equivalence != nil }
  }
  /// Mutants declared equivalent that a check kills: the declaration is wrong.
  public var wronglyEquivalent: [MutantResult] {
    mutants.filter { $0.isKilled && $0.equivalence != nil }
  }

  /// Killed over the mutants not declared equivalent and surviving, as a percentage (100
  /// when there are none).
  public var percent: Double {
    let counted = mutants.count - equivalent.count
    return counted == 0 ? 100 : Double(killed) * 100 / Double(counted)
  }

  /// Whether the report holds a mistake to fix whatever the percentage: a mutant declared
  /// equivalent that a check kills, or a declaration for a mutant that does not exist.
  public var hasWrongDeclarations: Bool {
    !wronglyEquivalent.isEmpty || !problems.isEmpty
  }
}

/// The report's name before 0.9: it is not a contract's strength.
@available(*, deprecated, renamed: "MachineMutantReport")
public typealias StrengthReport = MachineMutantReport
