import LoopContracts
import LoopTesting
import TemplateFeature

// In its own module, so the executable, which links only the feature, never links the test
// frameworks. Replace each part with yours: phases and table first, then rows, rules and
// scenarios. Every value a check expects is written by hand, never computed by the feature.

extension Template: Contracted {
  /// The phases of a lookup: the nodes of the diagram.
  public enum Phase: CaseIterable, Sendable { case idle, waiting, answered, failed }
  /// The kinds of event, one per case of ``Event`` with the same name: the diagram's arrows.
  public enum Kind: String, CaseIterable, Sendable { case queryChanged, answered, failed }

  /// The lookup's specification: diagram, rows, invariants, laws, scenarios and alphabet.
  public static let contract = Contract(
    name: "template",
    initialStates: [State()],
    phase: { state in
      switch state.status {
      case .idle: .idle
      case .waiting: .waiting
      case .answered: .answered
      case .failed: .failed
      }
    },
    table: Move.fromEveryPhase(on: .queryChanged, to: .idle)  // a blank query
      + Move.fromEveryPhase(on: .queryChanged, to: .waiting)  // a new term
      + Move.staysInEveryPhase(on: .answered) + Move.staysInEveryPhase(on: .failed)  // late
      + [
        Move(.answered, on: .queryChanged, to: .answered),  // the same term retyped
        Move(.failed, on: .queryChanged, to: .failed), Move(.waiting, on: .answered, to: .answered),
        Move(.waiting, on: .failed, to: .failed),
      ],
    examples: [
      Example(
        "a term is trimmed, its spaces and tabs collapsed, and lowercased", given: State(),
        when: .queryChanged(" Store\t Reducer "),
        then: State(query: " Store\t Reducer ", status: .waiting(term: "store reducer"))),
      Example(
        "a failure shows its line", given: waiting, when: .failed(term: "reducer", message: "no"),
        then: State(query: "Reducer", status: .failed(term: "reducer", message: "no"))),
      Example(
        "retyping the same term keeps the answer", given: answered,
        when: .queryChanged(" reducer"), then: State(query: " reducer", status: answered.status)),
      Example(
        "a blank query shows nothing", given: answered, when: .queryChanged("\t "),
        then: State(query: "\t ")),
    ],
    invariants: [
      Invariant("a blank query, and only a blank query, shows nothing") {
        $0.query.allSatisfy(\.isWhitespace) == ($0.status == .idle)
      },
      Invariant("settled exactly when no lookup waits") { state in
        if case .waiting = state.status { !state.isSettled } else { state.isSettled }
      },
      Invariant("what is shown is about the current query, trimmed and lowercased") { state in
        let words = state.query.lowercased().split(whereSeparator: \.isWhitespace)
        return state.status.term.map { $0 == words.joined(separator: " ") } ?? true
      },
    ],
    // Laws judge steps: what each kind of event may change, and what it must leave alone.
    laws: [
      Law("the query is what was typed last, and only typing changes it") { before, event, after in
        if case .queryChanged(let typed) = event {
          after.query == typed
        } else {
          after.query == before.query
        }
      },
      Law(
        "an answer or a failure shows only for the term waiting, else changes nothing",
        on: .answered, .failed
      ) { before, event, after in
        switch event {
        case .answered(let term, _), .failed(let term, _):
          before.status.pendingTerm == term ? after.status.term == term : after == before
        case .queryChanged: true
        }
      },
    ],
    // What the feature writes it must read back: here the state, as a recording stores it.
    roundTrips: [.recordingFile(app: "template", events: Event.self)],
    scenarios: scenarios,
    equivalentMutants: [
      .deliversEffectEventsTwice: "an answer applies only while its term waits; one copy ends that"
    ],
    // Known and unknown terms, a blank query, answers for the term waiting and late ones.
    alphabet: { state in
      let typed: [Event] = [
        .queryChanged("Reducer"), .queryChanged("nope"), .queryChanged(""),
        .answered(term: "late", definition: "late"), .failed(term: "late", message: "late"),
      ]
      guard let term = state.status.pendingTerm else { return typed }
      return typed + [.answered(term: term, definition: "?"), .failed(term: term, message: "?")]
    },
    // The examples' live-store check cancels the store at once, so the debounce never ends.
    makeMachine: { Template(glossary: .fixtures, clock: TestClock()) })

  static let waiting = State(query: "Reducer", status: .waiting(term: "reducer"))
  static let answered = State(
    query: "Reducer", status: .answered(term: "reducer", definition: "A pure function."))
}
