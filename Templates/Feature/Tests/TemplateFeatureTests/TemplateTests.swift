import Loop
import LoopTesting
import TemplateFeature
import TestSupport
import Testing

/// Tier 2: the wiring, through the TestStore with a TestClock: the lookup starts only after
/// the debounce, a new term cancels it, and the glossary's answer or failure is shown.
@Suite(.watchdog)
struct TemplateTests {
  /// The bundled glossary, every call recorded in `calls`.
  func recording(_ calls: CallLog<String>) -> Template.Glossary {
    Template.Glossary(
      define: calls.recording { term in try await Template.Glossary.fixtures.define(term) })
  }

  @Test func theDefinitionAppearsAfterTheDebounceWhenTypingStops() async {
    let clock = TestClock()
    let calls = CallLog<String>()
    let store = TestStore(
      initial: Template.State(),
      machine: Template(glossary: recording(calls), clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.queryChanged("Reducer"))
    await store.advance(by: Template.debounce - .milliseconds(1))
    #expect(calls.arguments == [])
    await store.advance(by: .milliseconds(1))
    await store.wait { $0.isSettled }

    #expect(store.state.status.term == "reducer")
    #expect(calls.arguments == ["reducer"])
  }

  @Test func aNewTermCancelsThePendingLookupWhenTypedDuringTheDebounce() async {
    let clock = TestClock()
    let calls = CallLog<String>()
    let store = TestStore(
      initial: Template.State(),
      machine: Template(glossary: recording(calls), clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.queryChanged("reducer"))
    await store.advance(by: .milliseconds(200))
    store.send(.queryChanged("store"))
    await store.advance(by: Template.debounce)
    await store.wait { $0.isSettled }

    #expect(calls.arguments == ["store"])
    #expect(clock.maximumActiveSleeperCount == 1)
  }

  @Test func aBlankQueryCancelsTheLookupWhenTheQueryIsCleared() async {
    let clock = TestClock()
    let calls = CallLog<String>()
    let store = TestStore(
      initial: Template.State(),
      machine: Template(glossary: recording(calls), clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.queryChanged("reducer"))
    await store.settle()
    store.send(.queryChanged(""))
    await store.advance(by: Template.debounce)

    #expect(store.state.status == .idle)
    #expect(clock.activeSleeperCount == 0)
    #expect(calls.arguments == [])
  }

  @Test func aFailureIsShownAsOneLineWhenTheGlossaryFails() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Template.State(),
      machine: Template(
        glossary: Template.Glossary { _ in throw Template.GlossaryError.unavailable }, clock: clock),
      clock: clock,
      exhaustivity: .off)

    store.send(.queryChanged("store"))
    await store.advance(by: Template.debounce)
    await store.wait { $0.isSettled }

    #expect(
      store.state.status
        == .failed(term: "store", message: Template.GlossaryError.unavailable.userMessage))
  }

  @Test func everyStepIsDeclaredWhenATermIsLookedUpExhaustively() async throws {
    let clock = TestClock()
    let store = TestStore(
      initial: Template.State(), machine: Template(glossary: .fixtures, clock: clock),
      clock: clock)
    let definition = try #require(Template.Glossary.entries["feedback"])

    await store.send(.queryChanged("feedback")) {
      $0.query = "feedback"
      $0.status = .waiting(term: "feedback")
    }
    await store.advance(by: Template.debounce)
    await store.receive(.answered(term: "feedback", definition: definition)) {
      $0.status = .answered(term: "feedback", definition: definition)
    }
    await store.finish()
  }
}
