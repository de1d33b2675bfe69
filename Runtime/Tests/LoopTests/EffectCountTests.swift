import TestSupport
import Testing

@testable import Loop

/// `Store.counts.runningEffects`: the effect tasks that have not ended, exact at every moment.
@Suite(.watchdog)
struct EffectCountTests {
  /// A reaction that starts one key twice keeps only the second start (starting a key
  /// cancels the effect under it): one task, so one running effect, and none once it ends.
  @Test func aKeyStartedTwiceInOneReactionCountsOneRunningEffect() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .custom(name: "twice", initial: ()) { _, _, event, effects in
          guard event == .increment else { return }
          for _ in 0..<2 {
            effects.start("k") { _ in await waitForCancellation() }
          }
        }
      ])

    store.send(.increment)
    #expect(probe.started.count == 1)
    #expect(store.counts.runningEffects == 1)

    store.cancel()
    try await probe.waitForEndedEffects(1)
    #expect(store.counts.runningEffects == 0)
  }
}
