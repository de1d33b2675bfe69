import LoopContracts
import LoopTesting
import TemplateFeature

// In its own module, so the executable never links the test frameworks. Replace each part
// with yours: phases and table, rows, rules, scenarios; every expected value written by hand.
// To add an event, add its case and its reducer branch, then run `swift run conformance --app
// template`: it names what the contract still lacks (a kind, rows, alphabet events).

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
    // One check per promise, at the level that proves it: a row here, a rule for every
    // reachable state or step below, a scenario for timing and wiring (at the end).
    examples: [
      Example(
        "retyping the same term keeps the answer",
        given: State(query: "Reducer", status: .answered(term: "reducer", definition: "Pure.")),
        when: .queryChanged(" reducer"),
        then: State(query: " reducer", status: .answered(term: "reducer", definition: "Pure.")))
    ],
    invariants: [
      Invariant("a blank query, and only a blank query, shows nothing") {
        $0.query.allSatisfy(\.isWhitespace) == ($0.status == .idle)
      },
      Invariant("what is shown is about the current query, trimmed and lowercased") { state in
        let words = state.query.lowercased().split(whereSeparator: \.isWhitespace)
        return state.status.term.map { $0 == words.joined(separator: " ") } ?? true
      },
    ],
    // Laws judge steps: what each kind of event may change, and what it must leave alone.
    laws: [
      Law("the query is what was typed last, and only typing changes it") { before, event, after in
        guard case .queryChanged(let typed) = event else { return after.query == before.query }
        return after.query == typed
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

  /// A store on a test clock whose glossary answers from `work`, each call in the log; with
  /// `late`, a call ignores cancellation and answers when the test says, as a slow server can.
  static func lookup(_ context: ScenarioContext<Template>, late: Bool = false)
    -> (TestStore<State, Event>, ControlledWork<String>, CallLog<String>)
  {
    let (work, calls) = (ControlledWork<String>(), CallLog<String>())
    let glossary = Glossary(
      define: calls.recording { _ in
        // An unstructured task does not inherit the caller's cancellation.
        late ? try await Task { try await work.makeWork() }.value : try await work.makeWork()
      })
    return (
      context.store(initial: State()) { Template(glossary: glossary, clock: $0) }, work, calls
    )
  }

  // One scenario per promise of the documentation, each with its call budget. Send only while
  // every running effect waits on the clock or on `work` (settle first otherwise): a send that
  // races an effect fails the scenario, as the states it covers would depend on timing.
  static let scenarios: [Scenario<Template>] = [
    Scenario("a lookup starts exactly 300 ms after the last keystroke, not 1 ms sooner") {
      context in
      let (store, work, calls) = lookup(context)
      for query in ["r", "red", "reducer"] {
        store.send(.queryChanged(query))
        await store.advance(by: .milliseconds(299))
      }
      context.check(calls.count == 0, "no lookup while typing, nor 299 ms after")
      await store.advance(by: .milliseconds(1))
      context.budget("define", calls, exactly: 1, with: ["reducer"])
      work.succeed(0, with: "A pure function.")
      await store.wait { $0.status == .answered(term: "reducer", definition: "A pure function.") }
    },
    Scenario("a superseded lookup never answers, even when its term is typed again") { context in
      let (store, work, calls) = lookup(context, late: true)
      store.send(.queryChanged("reducer"))
      await store.advance(by: .milliseconds(300))  // the lookup of "reducer" is in flight
      store.send(.queryChanged("store"))  // cancels it; the glossary answers anyway, late
      store.send(.queryChanged("reducer"))  // a new lookup, 300 ms from now
      work.succeed(0, with: "A late answer.")
      await store.settle()
      context.check(store.state.status == .waiting(term: "reducer"), "no late answer shown")
      await store.advance(by: .milliseconds(300))
      work.succeed(1, with: "A pure function.")
      await store.wait { $0.status == .answered(term: "reducer", definition: "A pure function.") }
      context.budget("define", calls, exactly: 2, with: ["reducer", "reducer"])
    },
    Scenario("each kind of failure shows its line; any other error reads as unavailable") {
      context in
      struct ConnectionLost: Error {}
      for (error, line) in [
        (GlossaryError.notFound(term: "nope") as any Error, "no entry for 'nope'"),
        (GlossaryError.unavailable, "the glossary is unavailable; try again"),
        (ConnectionLost(), "the glossary is unavailable; try again"),
      ] {
        let (store, work, _) = lookup(context)
        store.send(.queryChanged("Nope"))
        await store.advance(by: .milliseconds(300))
        work.fail(0, error)
        await store.wait { $0.status == .failed(term: "nope", message: line) }
      }
    },
  ]
}
