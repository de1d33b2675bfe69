import Loop
import Testing

/// Tier 1: the sample search's transition rows, on the pure reducer.
///
/// They pin the table; the TestStore tests prove the wiring.
struct SampleSearchReducerTests {
  typealias State = SampleSearch.State

  @Test func typingTwoCharactersOrMoreStartsTheDebounceWindow() {
    var state = State()
    SampleSearch.reducer(&state, .typed("sw"))
    #expect(state.query == "sw")
    #expect(state.pending == "sw")
  }

  @Test func typingOneCharacterClearsThePendingQuery() {
    var state = State(query: "sw", pending: "sw")
    SampleSearch.reducer(&state, .typed("s"))
    #expect(state.pending == nil)
  }

  @Test func theDebounceFiringIssuesTheRequest() {
    var state = State(query: "swift", pending: "swift")
    SampleSearch.reducer(&state, .debounced("swift"))
    #expect(state.pending == nil)
    #expect(state.request == "swift")
    #expect(state.isLoading)
  }

  @Test func aResponseForTheCurrentRequestLandsAndEndsLoading() {
    var state = State(query: "swift", request: "swift")
    SampleSearch.reducer(&state, .loaded("swift", ["Swift"]))
    #expect(state.results == ["Swift"])
    #expect(!state.isLoading)
  }

  @Test func aResponseForAnotherQueryIsIgnored() {
    var state = State(query: "star", request: "star")
    SampleSearch.reducer(&state, .loaded("sta", ["Stargate"]))
    #expect(state.results.isEmpty)
    #expect(state.request == "star")
  }

  @Test func aFailureEndsLoadingAndKeepsTheResults() {
    var state = State(request: "swift", results: ["old"])
    SampleSearch.reducer(&state, .failed("offline"))
    #expect(state.error == "offline")
    #expect(state.results == ["old"])
    #expect(!state.isLoading)
  }
}
