import TemplateFeature
import Testing

/// Tier 1: rows of the transition table, on the pure reducer.
///
/// Fast and synchronous; they prove the table, not the wiring (that is `TemplateTests`).
struct TemplateReducerTests {
  @Test func aNewTermWaitsWhenTyped() {
    var state = Template.State()
    Template.reducer(&state, .queryChanged("  Reducer "))
    #expect(state == Template.State(query: "  Reducer ", status: .waiting(term: "reducer")))
  }

  @Test func theAnswerIsShownWhenItIsForTheWaitingTerm() {
    var state = Template.State(query: "store", status: .waiting(term: "store"))
    Template.reducer(&state, .answered(term: "store", definition: "Runs a machine."))
    #expect(state.status == .answered(term: "store", definition: "Runs a machine."))
    #expect(state.isSettled)
  }

  @Test func aLateAnswerIsIgnoredWhenAnotherTermIsWaiting() {
    let waiting = Template.State(query: "store", status: .waiting(term: "store"))
    var state = waiting
    Template.reducer(&state, .answered(term: "reducer", definition: "late"))
    Template.reducer(&state, .failed(term: "reducer", message: "late"))
    #expect(state == waiting)
  }

  @Test func theAnswerIsKeptWhenTheSameTermIsRetyped() {
    var state = Template.State(
      query: "store", status: .answered(term: "store", definition: "Runs a machine."))
    Template.reducer(&state, .queryChanged("STORE "))
    #expect(state.status == .answered(term: "store", definition: "Runs a machine."))
  }

  @Test func nothingIsShownWhenTheQueryIsBlank() {
    var state = Template.State(query: "store", status: .waiting(term: "store"))
    Template.reducer(&state, .queryChanged(" \t"))
    #expect(state.status == .idle)
    #expect(state.isSettled)
  }
}
