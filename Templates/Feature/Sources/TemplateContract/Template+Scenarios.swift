import Loop
import LoopContracts
import LoopTesting
import TemplateFeature

extension Template {
  /// The fixture glossary, with every call recorded in `calls`: the double scenarios and
  /// tests count calls with.
  static func recording(_ calls: CallLog<String>) -> Glossary {
    Glossary(define: calls.recording { term in try await Glossary.fixtures.define(term) })
  }

  /// A glossary answering from `work`, every call recorded in `calls`; with `late`, a call
  /// cancelled in flight still answers, as a slow server can.
  static func controlled(
    _ work: ControlledWork<String>, _ calls: CallLog<String>, late: Bool = false
  ) -> Glossary {
    Glossary(
      define: calls.recording { term in
        do { return try await work.makeWork() } catch is CancellationError where late {
          return "late definition of \(term)"
        }
      })
  }

  // One scenario per promise of the documentation, each with its call budget.
  static let scenarios: [Scenario<Template>] = [
    Scenario("a lookup starts exactly 300 ms after the last keystroke, not 1 ms sooner") {
      context in
      let (clock, work, calls) = (TestClock(), ControlledWork<String>(), CallLog<String>())
      let store = context.store(
        initial: State(), machine: Template(glossary: controlled(work, calls), clock: clock),
        clock: clock)
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
    Scenario("an unknown term and an unreachable glossary each show their one line") { context in
      let clock = TestClock()
      let calls = CallLog<String>()
      let unavailable = Glossary { _ in throw GlossaryError.unavailable }
      let store = context.store(
        initial: State(),
        machine: Template(glossary: recording(calls), clock: clock),
        clock: clock)
      store.send(.queryChanged("Nope"))
      await store.advance(by: .milliseconds(300))
      await store.wait { $0.status == .failed(term: "nope", message: "no entry for 'nope'") }
      context.budget("define", calls, exactly: 1, with: ["nope"])
      let down = context.store(
        initial: State(), machine: Template(glossary: unavailable, clock: clock), clock: clock)
      down.send(.queryChanged("store"))
      await down.advance(by: .milliseconds(300))
      await down.wait {
        $0.status == .failed(term: "store", message: "the glossary is unavailable; try again")
      }
    },
    Scenario("a superseded lookup never answers, even when the term is typed again") { context in
      let (clock, work, calls) = (TestClock(), ControlledWork<String>(), CallLog<String>())
      let store = context.store(
        initial: State(),
        machine: Template(glossary: controlled(work, calls, late: true), clock: clock),
        clock: clock)
      store.send(.queryChanged("reducer"))
      await store.advance(by: .milliseconds(300))  // the lookup of "reducer" is in flight
      store.send(.queryChanged("store"))  // cancels it: it answers anyway, late
      store.send(.queryChanged("reducer"))  // a new lookup, 300 ms from now
      await store.settle()
      context.check(
        store.state.status == .waiting(term: "reducer"), "the late answer is not shown")
      await store.advance(by: .milliseconds(300))
      work.succeed(1, with: "A pure function.")
      await store.wait { $0.status == .answered(term: "reducer", definition: "A pure function.") }
      context.budget("define", calls, exactly: 2, with: ["reducer", "reducer"])
    },
  ]
}
