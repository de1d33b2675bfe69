import TestSupport
import Testing

@testable import Loop

/// `RuntimeFaults`: the faults a test plants in an instrumented store do what they say.
@Suite(.watchdog)
struct RuntimeFaultTests {
  /// `deliversEffectEventsTwice`: every event an effect sends is queued twice, whether the
  /// effect answers once or streams.
  @Test func deliversEffectEventsTwiceQueuesEveryEffectEventTwice() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .whenBecomesTrue(\.flag, name: "answer") { .increment },
        .streaming(of: \.query, name: "stream") { query in
          AsyncStream { continuation in
            continuation.yield(.loaded(query))
            continuation.finish()
          }
        },
      ], faults: RuntimeFaults(deliversEffectEventsTwice: true))

    store.send(.flag(true))
    store.send(.query("q"))
    try await probe.waitForEndedEffects(2)

    #expect(store.state.count == 2)
    #expect(store.state.loaded == ["q", "q"])
    store.cancel()
  }
}
