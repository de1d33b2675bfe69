import TestSupport
import Testing

@testable import Loop

/// Races the store must win every time, repeated: each run is short, but hundreds of them
/// in the full suite take about as long as the run (``WaitBound/repeatedRaces``).
@Suite(.watchdog(WaitBound.repeatedRaces))
struct StoreRaceTests {
  @Test func anEffectThatEndsItsOwnQueryAtOnceFromTheInitialStateIsReducedOnce() async throws {
    // The effect may answer before the store has its task handle; the answer cancels it.
    for _ in 0..<200 {
      let probe = Probe<Lab, LabEvent>()
      let store = probe.store(
        Lab(query: "start"), labReducer, [.onChange(of: \.query) { _ in .query(nil) }])
      try await probe.waitForEndedEffects(1)
      #expect(store.state.query == nil)
      #expect(store.counts.runningEffects == 0)
    }
  }

  @Test func aStatesConsumerCancelledWhileStatesArriveEndsAndTheStoreGoesOn() async throws {
    // An effect chain sends state after state while the task reading `states` is cancelled:
    // the cancellation (which holds that task's status lock) and the store's yield to it
    // (under the store's lock) must not wait on each other.
    for _ in 0..<300 {
      let store = Store(
        initial: Lab(), reducer: labReducer,
        feedbacks: [.onChange(of: \.count) { _ in .increment }])
      let seen = Latch()
      let consumer = Task {
        for await state in store.states where state.count > 0 {
          seen.open()
        }
      }
      await seen.wait()
      consumer.cancel()
      await consumer.value
      let before = store.state.count
      _ = await store.first { $0.count > before + 1 }
      store.cancel()
    }
  }
}
