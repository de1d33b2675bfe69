import Loop
import LoopTesting
import TestSupport
import Testing

/// The destination mode on the sample search: the seeds' scenarios, asserted as a user sees
/// them, with the calls the doubles record.
@Suite(.watchdog)
struct TestStoreDestinationTests {
  @Test func spinnerAppearsBeforeDataWhenASearchRuns() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.typed("swift"))
    await store.advance(by: .milliseconds(300))
    await store.wait { $0.isLoading }  // the spinner must show...
    harness.work.succeed(0, with: ["Swift", "Swift 6"])
    await store.wait { !$0.isLoading && !$0.results.isEmpty }  // ...before the data lands

    #expect(store.state.results == ["Swift", "Swift 6"])
    #expect(harness.calls.arguments == ["swift"])
  }

  @Test func typingWithinTheWindowCallsTheDependencyOnceWhenTheUserPauses() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    for prefix in ["s", "sw", "swi", "swif", "swift"] {
      store.send(.typed(prefix))
      await store.advance(by: .milliseconds(100))
    }
    #expect(harness.calls.count == 0)
    await store.advance(by: .milliseconds(200))

    #expect(harness.calls.arguments == ["swift"])
    #expect(harness.clock.maximumActiveSleeperCount == 1)
  }

  @Test func aStaleResponseIsIgnoredWhenANewerRequestWasIssued() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.typed("sta"))
    await store.advance(by: .milliseconds(300))
    store.send(.typed("star"))
    await store.advance(by: .milliseconds(300))
    harness.work.succeed(0, with: ["Stargate"])  // "sta" answers after "star" was issued
    harness.work.succeed(1, with: ["Star Wars"])
    await store.wait { !$0.isLoading }

    #expect(store.state.results == ["Star Wars"])
    #expect(harness.work.droppedCompletions == [0])
    #expect(harness.calls.arguments == ["sta", "star"])
  }

  @Test func leavingTheStateCancelsTheStreamWhenWatchingStops() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.watch(true))
    await store.settle()
    harness.ticks.yield(0, 1)
    harness.ticks.yield(0, 2)
    await store.wait { $0.ticks == [1, 2] }
    store.send(.watch(false))
    await store.settle()
    harness.ticks.yield(0, 3)

    #expect(harness.ticks.cancelledGenerations == [0])
    #expect(store.state.ticks == [1, 2])
  }

  @Test func aShortQueryStartsNothingWhenBelowTwoCharacters() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.typed("s"))
    await store.advance(by: .seconds(1))

    #expect(harness.calls.count == 0)
    #expect(harness.clock.activeSleeperCount == 0)
  }

  @Test func aFailureSurfacesAsAnErrorWhenTheRequestFails() async throws {
    struct Offline: Error {}
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.typed("swift"))
    await store.advance(by: .milliseconds(300))
    harness.work.fail(0, Offline())
    await store.wait { $0.error != nil }

    #expect(store.state.error == "Offline()")
    #expect(!store.state.isLoading)
  }

  @Test func waitUntilFollowsAStoreFedByARealStream() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state += event },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      exhaustivity: .off)

    continuation.yield(2)
    continuation.yield(3)
    await store.waitForCurrentState { $0 == 5 }

    #expect(store.state == 5)
    continuation.finish()
  }

  @Test func sequentialWaitsAreOrderedWaypoints() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    store.send(.typed("swift"))
    await store.advance(by: .milliseconds(300))
    harness.work.succeed(0, with: ["Swift"])
    await store.wait { $0.pending == "swift" }
    await store.wait { $0.isLoading }
    await store.wait { $0.results == ["Swift"] }

    #expect(store.state.results == ["Swift"])
  }
}
