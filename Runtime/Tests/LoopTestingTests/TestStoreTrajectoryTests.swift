import Loop
import LoopTesting
import TestSupport
import Testing

/// Observing the journey mid-test: the states a store passed through, with their causes, and
/// ending every live stream generation at once.
@Suite(.watchdog)
struct TestStoreTrajectoryTests {
  @Test func theTrajectoryHoldsEveryStateWithItsCauseWhenASearchRuns() async {
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.typed("swift"))
    await store.advance(by: .milliseconds(300))
    harness.work.succeed(0, with: ["Swift"])
    await store.wait { $0.results == ["Swift"] }

    // Worked out by hand: typed (by the test), then the debounce, then the search's answer.
    #expect(store.states.map(\.isLoading) == [false, false, true, false])
    #expect(store.states.first == SampleSearch.State())
    #expect(
      store.steps.map(\.event) == [
        .typed("swift"), .debounced("swift"), .loaded("swift", ["Swift"]),
      ])
    #expect(store.steps.map(\.isFromTest) == [true, false, false])
    #expect(store.steps.map(\.cause).first == "sent by the test")
    #expect(store.steps[1].cause.contains("debounce"))
    #expect(
      store.steps.map(\.origin) == [
        .test, .effect(feedback: "debounce", generation: 0),
        .effect(feedback: "search", generation: 0),
      ])
    #expect(store.steps.last?.state == store.state)
  }

  @Test func aSendWhileTheSearchRunsOnItsOwnRacesItsAnswer() async {
    // The search waits on a stream no test instrument knows, opened after the send.
    let (opened, open) = AsyncStream<Void>.makeStream()
    let harness = SampleHarness()
    let machine = SampleSearch(
      search: { query in
        for await _ in opened { break }
        return [query.capitalized]
      },
      ticker: { harness.ticks.makeStream() }, clock: harness.clock)
    let store = TestStore(
      initial: SampleSearch.State(query: "swift", request: "swift"), machine: machine,
      clock: harness.clock, exhaustivity: .off)

    store.send(.typed("s"))
    open.yield()
    await store.wait { $0.results == ["Swift"] }

    #expect(store.races.count == 1)
    let race = store.races.first ?? ""
    #expect(
      race.hasPrefix(
        "send(.typed(\"s\")) at LoopTestingTests/TestStoreTrajectoryTests.swift:"), "\(race)")
    #expect(
      race.contains(
        "Happened: the effect of feedback `search` (generation 0), started by the initial state, was running on its own when the send began; its next event, .loaded(\"swift\", [\"Swift\"]), came after the send"
      ), "\(race)")
  }

  @Test func aSendWhileTheSearchWaitsOnControlledWorkRacesNothing() async {
    let harness = SampleHarness()
    let store = harness.store(.off, initial: SampleSearch.State(query: "swift", request: "swift"))

    store.send(.typed("s"))  // the search may not have called yet: it will wait on `work`
    await store.settle()
    harness.work.succeed(0, with: ["Swift"])
    await store.wait { $0.results == ["Swift"] }
    store.send(.typed("sw"))
    await store.advance(by: .milliseconds(300))
    harness.work.succeed(1, with: ["Swift"])
    await store.settle()

    #expect(store.races.isEmpty, "\(store.races)")
  }

  @Test func finishAllEndsEveryLiveGenerationAndSkipsTheEndedOnes() async throws {
    let controlled = ControlledStream<Int>()
    let first = controlled.makeStream()
    let second = controlled.makeStream()
    let third = controlled.makeStream()
    controlled.yield(1, 7)
    controlled.finish(0)
    #expect(controlled.liveGenerations == [1, 2])

    #expect(controlled.finishAll() == [1, 2])

    #expect(controlled.liveGenerations.isEmpty)
    var iterators = (
      first.makeAsyncIterator(), second.makeAsyncIterator(), third.makeAsyncIterator()
    )
    #expect(try await iterators.0.next() == nil)
    #expect(try await iterators.1.next() == 7)
    #expect(try await iterators.1.next() == nil)
    #expect(try await iterators.2.next() == nil)
    #expect(controlled.finishAll().isEmpty)
  }
}
