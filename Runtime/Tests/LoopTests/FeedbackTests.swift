import TestSupport
import Testing

@testable import Loop

/// Each feedback form, through the real store: what starts, what is kept, what is cancelled,
/// and that a cancelled effect's late result is never reduced.
@Suite(.watchdog)
struct FeedbackTests {
  @Test func effectsFeedTheirEventsBackIntoTheStore() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [.onChange(of: \.query) { query in .loaded(query.uppercased()) }])

    store.send(.query("swift"))
    try await probe.waitForEndedEffects(1)

    #expect(store.state.loaded == ["SWIFT"])
  }

  @Test func onChangeDropsAStaleResultThatArrivesAfterTheNewEffectStarted() async throws {
    let latches = Latches()
    let began = AwaitableList<String>()
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query, name: "search") { query in
          began.append(query)
          await latches[query].wait()
          return .loaded(query)
        }
      ])

    store.send(.query("sta"))
    try await began.wait { $0 == ["sta"] }
    store.send(.query("star"))
    try await began.wait { $0 == ["sta", "star"] }
    latches["sta"].open()  // the old request answers late, after "star" was issued
    try await probe.waitForStaleDrops(1)
    latches["star"].open()
    try await probe.waitForEndedEffects(2)

    #expect(store.state.loaded == ["star"])
    #expect(probe.staleDrops == [.loaded("sta")])
    #expect(probe.ended.values.sorted { "\($0)" < "\($1)" } == [.cancelled, .completed])
  }

  @Test func theStaleEventsFaultHasTheStoreReduceTheLateResultItWouldDrop() async throws {
    // The fault contracts are measured with (a runtime that reduces stale events), planted
    // through the instrumentation: the same late answer as above is reduced, not dropped.
    let latches = Latches()
    let began = AwaitableList<String>()
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query, name: "search") { query in
          began.append(query)
          await latches[query].wait()
          return .loaded(query)
        }
      ], faults: RuntimeFaults(acceptsStaleEvents: true))

    store.send(.query("sta"))
    try await began.wait { $0 == ["sta"] }
    store.send(.query("star"))
    try await began.wait { $0 == ["sta", "star"] }
    latches["sta"].open()
    try await probe.waitForEndedEffects(1)
    latches["star"].open()
    try await probe.waitForEndedEffects(2)

    #expect(store.state.loaded == ["sta", "star"])
    #expect(probe.staleDrops.isEmpty)
  }

  @Test func onChangeKeepsTheEffectWhileTheQueryIsUnchanged() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query) { _ in
          await waitForCancellation()
          return nil
        }
      ])

    store.send(.query("swift"))
    store.send(.increment)
    store.send(.query("swift"))

    #expect(probe.started.count == 1)
    #expect(probe.cancelled.isEmpty)
    store.cancel()
    try await probe.waitForEndedEffects(1)
  }

  @Test func onChangeCancelsTheEffectWhenTheQueryBecomesNil() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query) { query in
          await waitForCancellation()
          return .loaded(query)
        }
      ])

    store.send(.query("swift"))
    store.send(.query(nil))
    try await probe.waitForEndedEffects(1)

    #expect(Array(probe.ended.values) == [.cancelled])
    #expect(store.state.loaded.isEmpty)
    #expect(store.counts.runningEffects == 0)
  }

  @Test func whenBecomesTrueFiresOnTheRisingEdgeOnly() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .whenBecomesTrue(\.flag, name: "edge") {
          await waitForCancellation()
          return nil
        }
      ])

    store.send(.flag(true))
    store.send(.flag(true))
    store.send(.increment)
    #expect(probe.started.count == 1)

    store.send(.flag(false))
    try await probe.waitForEndedEffects(1)
    #expect(probe.cancelled.map(\.generation) == [0])

    store.send(.flag(true))
    #expect(probe.started.map(\.generation) == [0, 1])
    store.cancel()
    try await probe.waitForEndedEffects(2)
  }

  @Test func whenBecomesTrueStartsAtOnceWhenTheInitialStateHolds() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(flag: true), labReducer,
      [.whenBecomesTrue(\.flag) { .loaded("initial") }])

    try await probe.waitForEndedEffects(1)

    #expect(store.state.loaded == ["initial"])
  }

  @Test func onEventRestartsOnEveryMatchingEventAndDropsTheOlderResult() async throws {
    let latches = Latches()
    let began = AwaitableList<String>()
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onEvent(
          matching: { event -> String? in
            if case .query(let query) = event { return query }
            return nil
          }
        ) { query in
          began.append(query)
          await latches[query].wait()
          return .loaded(query)
        }
      ])

    store.send(.query("first"))
    store.send(.increment)  // not a match: the running effect is kept
    try await began.wait { $0 == ["first"] }
    store.send(.query("second"))
    try await began.wait { $0.count == 2 }
    latches["first"].open()
    try await probe.waitForStaleDrops(1)
    latches["second"].open()
    try await probe.waitForEndedEffects(2)

    #expect(store.state.loaded == ["second"])
  }

  @Test func forEachKeepsCancelsAndStartsEffectsPerKey() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .forEach(keys: \.keys, name: "perKey") { key in
          await waitForCancellation()
          return .loaded("\(key)")
        }
      ])

    store.send(.keys([1, 2]))
    store.send(.keys([2, 3]))
    try await probe.waitForEndedEffects(1)

    #expect(Set(probe.started.map(\.key.base)) == [1, 2, 3])
    #expect(probe.cancelled.map(\.key.base) == [1])
    #expect(probe.ended.keys.map(\.key.base) == [1])
    #expect(store.counts.runningEffects == 2)

    store.send(.keys([]))
    try await probe.waitForEndedEffects(3)
    #expect(store.state.loaded.isEmpty)
  }

  @Test func streamingSendsEveryElementUntilTheQueryChanges() async throws {
    let probe = Probe<Lab, LabEvent>()
    let streams = AwaitableList<AsyncStream<LabEvent>.Continuation>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .streaming(of: \.query) { _ in
          let (stream, continuation) = AsyncStream.makeStream(of: LabEvent.self)
          streams.append(continuation)
          return stream
        }
      ])

    store.send(.query("a"))
    try await streams.wait { $0.count == 1 }
    let first = streams.elements[0]
    first.yield(.loaded("a1"))
    first.yield(.loaded("a2"))
    first.finish()
    try await probe.waitForEndedEffects(1)
    #expect(store.state.loaded == ["a1", "a2"])

    store.send(.query("b"))
    try await streams.wait { $0.count == 2 }
    streams.elements[1].yield(.loaded("b1"))
    try await probe.observations.wait { $0.contains { $0.event == .loaded("b1") } }
    store.send(.query(nil))
    try await probe.waitForEndedEffects(2)

    #expect(store.state.loaded == ["a1", "a2", "b1"])
    #expect(probe.ended.values.contains(.cancelled))
  }

  /// A stream cancelled when its query goes `nil` ends `.cancelled` (`EffectOutcome`), even
  /// when it throws an error of its own on the way out instead of `CancellationError`.
  @Test func aCancelledStreamThatThrowsItsOwnErrorEndsCancelled() async throws {
    let probe = Probe<Lab, LabEvent>()
    let began = AwaitableList<String>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .streaming(of: \.query, name: "stream") { query in FailsOnCancel(began: began, query: query)
        }
      ])

    store.send(.query("a"))
    try await began.wait { $0 == ["a"] }
    store.send(.query(nil))
    try await probe.waitForEndedEffects(1)

    #expect(Array(probe.ended.values) == [.cancelled])
  }

  @Test func aThrowingEffectIsDroppedAndTheLoopGoesOn() async throws {
    struct Boom: Error {}
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query) { query in
          if query == "bad" { throw Boom() }
          return .loaded(query)
        }
      ])

    store.send(.query("bad"))
    try await probe.waitForEndedEffects(1)
    store.send(.query("good"))
    try await probe.waitForEndedEffects(2)

    #expect(store.state.loaded == ["good"])
    #expect(store.state.errors.isEmpty)
    #expect(probe.ended.values.contains(.failed("Boom()")))
  }

  @Test func onErrorTurnsAThrownErrorIntoAnEvent() async throws {
    struct Boom: Error {}
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(
          of: \.query,
          effect: { _ in throw Boom() },
          onError: { _, error in .failed("\(error)") })
      ])

    store.send(.query("any"))
    try await probe.waitForEndedEffects(1)

    #expect(store.state.errors == ["Boom()"])
    #expect(Array(probe.ended.values) == [.completed])
  }

  @Test func onErrorSeesTheQueryTheFailedEffectWasStartedFor() async throws {
    struct Boom: Error {}
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(
          of: \.query,
          effect: { _ in throw Boom() },
          onError: { query, _ in .failed("no answer for \(query)") })
      ])

    store.send(.query("swift"))
    try await probe.waitForEndedEffects(1)

    #expect(store.state.errors == ["no answer for swift"])
  }

  @Test func onErrorTurnsTheErrorAStreamThrowsIntoAnEvent() async throws {
    struct Boom: Error {}
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .streaming(
          of: \.query,
          events: { _ in AsyncThrowingStream<LabEvent, any Error> { $0.finish(throwing: Boom()) } },
          onError: { query, error in .failed("\(query): \(error)") })
      ])

    store.send(.query("feed"))
    try await probe.waitForEndedEffects(1)

    #expect(store.state.errors == ["feed: Boom()"])
    #expect(Array(probe.ended.values) == [.completed])
  }

  @Test func aCancellationErrorNeverReachesOnErrorEvenFromAnEffectNotCancelled() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(
          of: \.query,
          effect: { _ in throw CancellationError() },
          onError: { _, error in .failed("\(error)") })
      ])

    store.send(.query("any"))
    try await probe.waitForEndedEffects(1)

    #expect(store.state.errors.isEmpty)
    #expect(Array(probe.ended.values) == [.cancelled])
  }

  @Test func customStartingOneKeyTwiceInOneReactionLaunchesOnce() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .custom(name: "twice", initial: ()) { _, _, event, effects in
          guard event == .increment else { return }
          effects.start("k") { send in send(.loaded("first")) }
          effects.start("k") { send in send(.loaded("second")) }
        }
      ])

    store.send(.increment)
    try await probe.waitForEndedEffects(1)

    #expect(probe.started.count == 1)
    #expect(store.state.loaded == ["second"])
  }

  @Test func defaultNamesSayTheFormAndTheCallSite() {
    let feedback = Feedback<Lab, LabEvent>.onChange(of: \.query) { _ in nil }
    #expect(feedback.name.hasPrefix("onChange (FeedbackTests.swift:"))
  }

  @Test func aReplacedEffectIsCancelledBeforeItsSuccessorStarts() async throws {
    let log = AwaitableList<String>()
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query) { query in
          await withTaskCancellationHandler {
            log.append("start \(query)")
            await waitForCancellation()
          } onCancel: {
            log.append("cancel \(query)")
          }
          return nil
        }
      ])

    store.send(.query("a"))
    try await log.wait { $0 == ["start a"] }
    store.send(.query("b"))
    try await log.wait { $0.count == 3 }

    #expect(log.elements == ["start a", "cancel a", "start b"])
    store.cancel()
    try await probe.waitForEndedEffects(2)
  }
}

/// A stream that waits for its task to be cancelled, then throws an error that is not a
/// `CancellationError`, as a wrapped transport error would.
private struct FailsOnCancel: AsyncSequence, Sendable {
  typealias Element = LabEvent

  struct TransportError: Error {}

  struct Iterator: AsyncIteratorProtocol {
    let began: AwaitableList<String>
    let query: String

    mutating func next() async throws -> LabEvent? {
      began.append(query)
      await waitForCancellation()
      throw TransportError()
    }
  }

  let began: AwaitableList<String>
  let query: String

  func makeAsyncIterator() -> Iterator { Iterator(began: began, query: query) }
}
