import Loop
import LoopContracts
import LoopTesting
import TemplateFeature

// The contract lives in its own module so the executable, which links only the feature,
// never links the test frameworks LoopTesting reports through. Replace each part with your
// feature's: phases and the table first (the state diagram), then rows, rules and a scenario.

extension Template {
  /// The lookup's specification: its state diagram, rows, invariants, scenario and alphabet.
  public static let contract = Contract<Template>(
    name: "template",
    initialStates: [State()],
    phase: phase,
    eventKind: kind,
    table: table,
    examples: examples,
    invariants: invariants,
    scenarios: scenarios,
    alphabet: alphabet,
    // The examples' live-store check cancels the store at once, so the debounce never ends.
    makeMachine: { Template(glossary: .fixtures, clock: TestClock()) })

  /// The phase a state is in: the nodes of the diagram.
  static func phase(_ state: State) -> String {
    switch state.status {
    case .idle: "empty"
    case .waiting: "waiting"
    case .answered: "answered"
    case .failed: "failed"
    }
  }

  /// The kind of an event: the labels of the diagram's arrows.
  static func kind(_ event: Event) -> String {
    switch event {
    case .queryChanged: "queryChanged"
    case .answered: "answered"
    case .failed: "failed"
    }
  }

  static let table: [Move] = {
    let phases = ["empty", "waiting", "answered", "failed"]
    var moves: [Move] = []
    for phase in phases {
      // A blank query empties; a new term waits.
      moves.append(Move(phase, on: "queryChanged", to: "empty"))
      moves.append(Move(phase, on: "queryChanged", to: "waiting"))
      // A late answer (for a term no longer waiting) changes nothing.
      moves += [Move(phase, on: "answered", to: phase), Move(phase, on: "failed", to: phase)]
    }
    return moves + [
      // Retyping the term already shown keeps it.
      Move("answered", on: "queryChanged", to: "answered"),
      Move("failed", on: "queryChanged", to: "failed"),
      Move("waiting", on: "answered", to: "answered"),
      Move("waiting", on: "failed", to: "failed"),
    ]
  }()

  static let examples: [Example<State, Event>] = {
    let definition = Glossary.entries["reducer"] ?? ""
    let waiting = State(query: "Reducer", status: .waiting(term: "reducer"))
    let answered = State(
      query: "Reducer", status: .answered(term: "reducer", definition: definition))
    return [
      Example(
        "a term waits out the debounce", given: State(), when: .queryChanged("Reducer"),
        then: waiting),
      Example(
        "the answer is shown", given: waiting,
        when: .answered(term: "reducer", definition: definition), then: answered),
      Example(
        "a late answer for another term is ignored", given: waiting,
        when: .answered(term: "store", definition: "late"), then: waiting),
      Example(
        "a failure is shown as one line", given: waiting,
        when: .failed(term: "reducer", message: "no entry for 'reducer'"),
        then: State(
          query: "Reducer", status: .failed(term: "reducer", message: "no entry for 'reducer'"))),
      Example(
        "retyping the same term keeps the answer", given: answered,
        when: .queryChanged("  reducer "),
        then: State(query: "  reducer ", status: answered.status)),
      Example(
        "a blank query shows nothing", given: answered, when: .queryChanged(" "),
        then: State(query: " ")),
    ]
  }()

  static let invariants: [Invariant<State>] = [
    Invariant("a blank query, and only a blank query, shows nothing") { state in
      term(for: state.query).isEmpty == (state.status == .idle)
    },
    Invariant("what is shown is about the current query") { state in
      state.status.term.map { $0 == term(for: state.query) } ?? true
    },
  ]

  /// The events worth trying: a known term, an unknown one, a blank query, an answer and a
  /// failure for the term waiting, and late ones for a term that is not.
  static let alphabet: @Sendable (State) -> [Event] = { state in
    var events: [Event] = [
      .queryChanged("Reducer"), .queryChanged("nope"), .queryChanged(""),
      .answered(term: "late", definition: "late"), .failed(term: "late", message: "late"),
    ]
    if let term = state.status.pendingTerm {
      events.append(.answered(term: term, definition: Glossary.entries[term] ?? "?"))
      events.append(.failed(term: term, message: GlossaryError.notFound(term: term).userMessage))
    }
    return events
  }
}
