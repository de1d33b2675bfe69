import LoopContracts
import LoopTesting
import TemplateFeature

extension Template {
  /// A store on a test clock whose glossary answers from the work it returns, every call in the
  /// log; with `late`, a call ignores cancellation and answers when the test completes it, as a
  /// slow server can.
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
    Scenario("the bundled glossary defines its three terms, answered by the lookup feedback") {
      context in
      let store = context.store(initial: State()) { Template(glossary: .fixtures, clock: $0) }
      for (generation, (query, term, definition)) in [
        (
          " Reducer", "reducer",
          "A pure function that turns a state and an event into the next state."
        ),
        (
          "STORE", "store",
          "Runs a machine: reduces events one at a time and keeps its effects running."
        ),
        ("feedback ", "feedback", "Turns states into work whose result is sent back as an event."),
      ].enumerated() {
        store.send(.queryChanged(query))
        await store.advance(by: .milliseconds(300))
        await store.wait { $0.status == .answered(term: term, definition: definition) }
        // Recordings and failures name the feedback and generation an answer came from.
        let origin = store.steps.last?.origin
        context.check(
          origin == .effect(feedback: "lookup", generation: generation),
          "\(term): answered by \(String(describing: origin))")
      }
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
