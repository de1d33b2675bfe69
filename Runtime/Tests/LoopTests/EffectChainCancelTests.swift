import TestSupport
import Testing

@testable import Loop

/// A successor an effect's answer starts, replaced before it runs, runs cancelled.
@Suite(.watchdog)
struct EffectChainCancelTests {
  struct Relay: Hashable, Sendable {
    var asked = false
    var bOn = false
    var cOn = true
  }

  enum Signal: Hashable, Sendable {
    case ask, go, stopB
  }

  static let reducer = Reducer<Relay, Signal> { state, event in
    switch event {
    case .ask: state.asked = true
    case .go:
      state.bOn = true
      state.cOn = false
    case .stopB: state.bOn = false
    }
  }

  /// An effect whose answer starts a successor, which an event queued by the same drain
  /// cancels (its trigger turned false) before it ran, ends `.cancelled`: a cancelled
  /// effect's task is cancelled, even when it would have run on the answering effect's task.
  @Test func aSuccessorCancelledInTheDrainThatStartedItEndsCancelled() async throws {
    let probe = Probe<Relay, Signal>()
    let box = StoreBox<Relay, Signal>()
    let answer = Latch()
    let began = AwaitableList<String>()
    let store = probe.store(
      Relay(), Self.reducer,
      [
        // A: answers `.go` once let, which starts B and cancels C.
        .whenBecomesTrue(\.asked, name: "a") {
          await answer.wait()
          return .go
        },
        // B: runs until cancelled; `.stopB` cancels it.
        .whenBecomesTrue(\.bOn, name: "b") {
          await waitForCancellation()
          return nil
        },
        // C: running from the start; cancelled by `.go`, it sends `.stopB`, which is queued
        // behind the reduce of `.go` and reduced in the same drain.
        .whenBecomesTrue(\.cOn, name: "c") {
          await withTaskCancellationHandler {
            began.append("c")
            await waitForCancellation()
          } onCancel: {
            box.store?.send(.stopB)
          }
          return nil
        },
      ])
    box.store = store
    try await began.wait { $0 == ["c"] }

    store.send(.ask)
    answer.open()
    try await probe.waitForEndedEffects(3)
    box.store = nil

    let b = try #require(probe.started.first { $0.feedback == "b" })
    #expect(probe.cancelled.contains(b))
    #expect(probe.ended[b] == .cancelled)
    #expect(store.state == Relay(asked: true, bOn: false, cOn: false))
    #expect(store.counts.runningEffects == 0)
    store.cancel()
  }
}
