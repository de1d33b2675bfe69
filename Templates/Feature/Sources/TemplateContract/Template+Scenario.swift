import LoopContracts
import LoopTesting
import TemplateFeature

extension Template {
  /// The fixture glossary, with every call recorded in `calls`: the double scenarios and
  /// tests count calls with.
  static func recording(_ calls: CallLog<String>) -> Glossary {
    Glossary(define: calls.recording { term in try await Glossary.fixtures.define(term) })
  }

  // One scenario per promise worth a call budget; this one proves the debounce.
  static let scenarios: [Scenario<Template>] = [
    Scenario("a burst of typing makes one lookup, after the pause") { context in
      let clock = TestClock()
      let calls = CallLog<String>()
      let store = context.store(
        initial: State(), machine: Template(glossary: recording(calls), clock: clock),
        clock: clock)
      for query in ["r", "red", "reducer"] {
        store.send(.queryChanged(query))
        await store.advance(by: .milliseconds(100))
      }
      context.check(calls.count == 0, "no lookup while typing")
      await store.advance(by: debounce)
      await store.wait { $0.isSettled }
      let definition = Glossary.entries["reducer"] ?? ""
      context.check(
        store.state.status == .answered(term: "reducer", definition: definition),
        "the definition of 'reducer' is shown")
      context.budget("define", calls, exactly: 1, with: ["reducer"])
    }
  ]
}
