import Loop
import LoopContracts
import LoopTesting
import TemplateFeature

extension Template {
  /// The fixture glossary, every call recorded in `calls`: the double scenarios count with.
  static func recording(_ calls: CallLog<String>) -> Glossary {
    Glossary(define: calls.recording { term in try await Glossary.fixtures.define(term) })
  }

  /// A store on a test clock whose glossary answers from `work`, every call in `calls`; with
  /// `late`, a call ignores cancellation and answers when the test completes it, as a slow
  /// server can.
  static func lookup(
    _ context: ScenarioContext<Template>, _ work: ControlledWork<String>, _ calls: CallLog<String>,
    late: Bool = false
  ) -> TestStore<State, Event> {
    let glossary = Glossary(
      define: calls.recording { _ in
        // An unstructured task does not inherit the caller's cancellation.
        late ? try await Task { try await work.makeWork() }.value : try await work.makeWork()
      })
    let clock = TestClock()
    return context.store(
      initial: State(), machine: Template(glossary: glossary, clock: clock), clock: clock)
  }

  // One scenario per promise of the documentation, each with its call budget. Send only while
  // every running effect waits on the clock or on `work` (settle first otherwise): a send that
  // races an effect fails the scenario, as the states it covers would depend on timing.
  static let scenarios: [Scenario<Template>] = [
    Scenario("a lookup starts exactly 300 ms after the last keystroke, not 1 ms sooner") {
      context in
      let (work, calls) = (ControlledWork<String>(), CallLog<String>())
      let store = lookup(context, work, calls)
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
      let (work, calls) = (ControlledWork<String>(), CallLog<String>())
      let store = lookup(context, work, calls, late: true)
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
      let clock = TestClock()
      let store = context.store(
        initial: State(), machine: Template(glossary: .fixtures, clock: clock), clock: clock)
      for (query, term, definition) in [
        (
          " Reducer", "reducer",
          "A pure function that turns a state and an event into the next state."
        ),
        (
          "STORE", "store",
          "Runs a machine: reduces events one at a time and keeps its effects running."
        ),
        ("feedback ", "feedback", "Turns states into work whose result is sent back as an event."),
      ] {
        store.send(.queryChanged(query))
        await store.advance(by: .milliseconds(300))
        await store.wait { $0.status == .answered(term: term, definition: definition) }
        // Recordings and failures name the feedback an answer came from.
        guard case .effect(let effect) = store.transitions.last?.origin else {
          context.check(false, "\(term): the answer was not an effect's")
          continue
        }
        context.check(effect.feedback == "lookup", "\(term): answered by `\(effect.feedback)`")
      }
    },
    Scenario("an error that is not the glossary's reads as unavailable") { context in
      let (work, calls) = (ControlledWork<String>(), CallLog<String>())
      let store = lookup(context, work, calls)
      store.send(.queryChanged("store"))
      await store.advance(by: .milliseconds(300))
      struct ConnectionLost: Error {}
      work.fail(0, ConnectionLost())
      await store.wait {
        $0.status == .failed(term: "store", message: "the glossary is unavailable; try again")
      }
    },
    Scenario("each kind of failure shows its line") { context in
      for (error, line) in [
        (GlossaryError.notFound(term: "nope"), "no entry for 'nope'"),
        (.unavailable, "the glossary is unavailable; try again"),
      ] {
        let (work, calls) = (ControlledWork<String>(), CallLog<String>())
        let store = lookup(context, work, calls)
        store.send(.queryChanged("Nope"))
        await store.advance(by: .milliseconds(300))
        work.fail(0, error)
        await store.wait { $0.status == .failed(term: "nope", message: line) }
      }
    },
  ]
}
