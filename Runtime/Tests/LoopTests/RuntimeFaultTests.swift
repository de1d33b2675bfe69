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

  /// With `deliversEffectEventsTwice`, an answer that starts an `onEvent` effect starts it
  /// twice: the second copy replaces the first (switch-latest) and its answer is reduced; every
  /// started effect still ends (`StoreObservation`: each `.effectStarted` has one
  /// `.effectEnded`).
  @Test func anAnswerDeliveredTwiceReplacesTheEffectItsFirstCopyStarted() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .whenBecomesTrue(\.flag, name: "answer") { .query("q") },
        .onEvent(
          matching: { event -> String? in
            if case .query(let query?) = event { query } else { nil }
          }, name: "load"
        ) { query in .loaded(query) },
      ], faults: RuntimeFaults(deliversEffectEventsTwice: true))

    store.send(.flag(true))
    try await probe.waitForEndedEffects(3)

    #expect(probe.started.count == 3)
    #expect(probe.ended.count == 3)
    #expect(store.state.loaded == ["q", "q"])
    store.cancel()
  }
}
