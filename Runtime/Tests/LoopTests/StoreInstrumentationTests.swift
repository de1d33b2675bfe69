import TestSupport
import Testing

@testable import Loop

/// What a store reports to its instrumentation: every `.enqueued` is followed by exactly one
/// `.reduced` or `.dropped` of that event, with the origin it was sent from.
@Suite(.watchdog)
struct StoreInstrumentationTests {
  /// An effect that waits to be cancelled; its cancellation handler runs `onCancel`, which is
  /// called synchronously by the send that replaces it, while that send is still draining.
  private static func replaced(
    began: AwaitableList<String>, onCancel: @escaping @Sendable () -> Void
  ) -> Feedback<Lab, LabEvent> {
    .onChange(of: \.query, name: "query") { query in
      await withTaskCancellationHandler {
        began.append(query)
        await waitForCancellation()
      } onCancel: {
        onCancel()
      }
      return nil
    }
  }

  /// An event sent while another send is reducing is reported `.enqueued` when it is queued,
  /// then `.reduced` when the drainer reduces it; a send with nothing draining is reported
  /// the same way.
  @Test func anEventQueuedBehindAReduceIsReportedEnqueuedThenReduced() async throws {
    let probe = Probe<Lab, LabEvent>()
    let box = StoreBox<Lab, LabEvent>()
    let began = AwaitableList<String>()
    let store = probe.store(
      Lab(), labReducer, [Self.replaced(began: began) { box.store?.send(.increment) }])
    box.store = store

    store.send(.query("a"))
    try await began.wait { $0 == ["a"] }
    store.send(.query("b"))  // cancels "a", whose handler sends while this send is draining
    box.store = nil

    #expect(
      probe.eventReports == [
        "enqueued query(Optional(\"a\")), sent by the test",
        "reduced query(Optional(\"a\")), sent by the test",
        "enqueued query(Optional(\"b\")), sent by the test",
        "reduced query(Optional(\"b\")), sent by the test",
        "enqueued increment, sent by the test",
        "reduced increment, sent by the test",
      ])
    store.cancel()
    try await probe.waitForEndedEffects(2)
  }

  /// Cancelling a store drops the events still queued (`Store.cancel()`), and reports each
  /// as `.dropped` with `.storeCancelled`, after its `.enqueued`.
  @Test func anEventQueuedWhenTheStoreIsCancelledIsReportedDroppedAsStoreCancelled()
    async throws
  {
    let probe = Probe<Lab, LabEvent>()
    let box = StoreBox<Lab, LabEvent>()
    let began = AwaitableList<String>()
    let store = probe.store(
      Lab(), labReducer,
      [
        Self.replaced(began: began) {
          box.store?.send(.increment)  // queued behind the send that cancels this effect
          box.store?.cancel()
        }
      ])
    box.store = store

    store.send(.query("a"))
    try await began.wait { $0 == ["a"] }
    store.send(.query("b"))
    box.store = nil
    try await probe.waitForEndedEffects(2)

    #expect(store.state.count == 0)
    #expect(
      probe.eventReports.suffix(2) == [
        "enqueued increment, sent by the test",
        "dropped increment, sent by the test: storeCancelled",
      ])
  }

  /// The event an effect answers with is reported `.enqueued` with the effect as its origin,
  /// then `.reduced`.
  @Test func anEffectsAnswerIsReportedEnqueuedWithItsEffectAsOrigin() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer, [.onChange(of: \.query, name: "load") { query in .loaded(query) }])

    store.send(.query("a"))
    try await probe.waitForEndedEffects(1)

    let effect = try #require(probe.started.first)
    #expect(
      probe.eventReports.suffix(2) == [
        "enqueued loaded(\"a\"), sent by \(effect)",
        "reduced loaded(\"a\"), sent by \(effect)",
      ])
    store.cancel()
  }
}

/// `DropReason.arrivedAfterCancel`: an event sent to a store already cancelled is reported
/// dropped, never enqueued.
@Suite(.watchdog)
struct ArrivedAfterCancelTests {
  /// A send after `cancel()` is reported dropped as arrived after the cancel.
  @Test func aSendAfterCancelIsReportedDroppedAsArrivedAfterCancel() {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(Lab(), labReducer)
    store.cancel()

    store.send(.increment)

    #expect(probe.eventReports == ["dropped increment, sent by the test: arrivedAfterCancel"])
  }

  /// The answer of an effect that ends after its store was cancelled (it ignored the
  /// cancellation) is reported dropped as arrived after the cancel, with the effect as origin.
  @Test func anEffectsAnswerAfterCancelIsReportedDroppedAsArrivedAfterCancel() async throws {
    let probe = Probe<Lab, LabEvent>()
    let late = Latch()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query, name: "late") { query in
          await late.wait()
          return .loaded(query)
        }
      ])
    store.send(.query("a"))
    store.cancel()

    late.open()
    try await probe.waitForEndedEffects(1)

    let effect = try #require(probe.started.first)
    #expect(
      probe.eventReports.last == "dropped loaded(\"a\"), sent by \(effect): arrivedAfterCancel")
    #expect(store.state.loaded.isEmpty)
  }
}
