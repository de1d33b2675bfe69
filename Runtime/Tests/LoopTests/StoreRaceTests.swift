import TestSupport
import Testing

@testable import Loop

/// Races the store must win every time, repeated: each run is short, but two hundred of them
/// on a loaded machine (`make flake-check`) take longer than one test's usual bound.
@Suite(.watchdog(.seconds(30) * WaitBound.scale))
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
}
