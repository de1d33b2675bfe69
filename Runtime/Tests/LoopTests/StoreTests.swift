import LoopSynchronization
import TestSupport
import Testing

@testable import Loop

/// The store's promises: order, lifetime, concurrency, re-entrancy.
@Suite(.watchdog)
struct StoreTests {
  private static let forever: [Feedback<Lab, LabEvent>] = [
    .onChange(of: \.query, name: "query") { _ in
      await waitForCancellation()
      return nil
    },
    .whenBecomesTrue(\.flag, name: "flag") {
      await waitForCancellation()
      return nil
    },
    .forEach(keys: \.keys, name: "keys") { _ in
      await waitForCancellation()
      return nil
    },
  ]

  @Test func firstWhereReturnsTheCurrentStateWhenItAlreadyHolds() async {
    let store = Store(initial: Lab(), reducer: labReducer)
    store.send(.increment)

    let state = await store.first { $0.count == 1 }

    #expect(state?.count == 1)
  }

  @Test func firstWhereWaitsForTheStateAnEffectBrings() async throws {
    let store = Store(
      initial: Lab(), reducer: labReducer,
      feedbacks: [.onChange(of: \.query, name: "load") { query in .loaded("for \(query)") }])
    store.send(.query("swift"))

    let state = try await Task { await store.first { !$0.loaded.isEmpty } }.value(
      within: WaitBound.standard)

    #expect(state?.loaded == ["for swift"])
  }

  /// A store with no instrumentation runs a streaming effect, and reduces what it sends.
  @Test func firstWhereWaitsForTheStateAStreamingEffectBrings() async throws {
    let store = Store(
      initial: Lab(), reducer: labReducer,
      feedbacks: [
        .streaming(of: \.query, name: "stream") { query in
          AsyncStream { continuation in
            continuation.yield(.loaded("for \(query)"))
            continuation.finish()
          }
        }
      ])
    store.send(.query("swift"))

    let state = try await Task { await store.first { !$0.loaded.isEmpty } }.value(
      within: WaitBound.standard)

    #expect(state?.loaded == ["for swift"])
    store.cancel()
  }

  @Test func firstWhereReturnsNilWhenTheStoreIsCancelledFirst() async throws {
    let store = Store(initial: Lab(), reducer: labReducer)
    let waiting = Task { await store.first { $0.count == 99 } }
    store.cancel()

    #expect(try await waiting.value(within: WaitBound.standard) == nil)
  }

  @Test func anEqualStateTheInstrumentationHandsBackReplacesTheReducedOneAndSharesItsStorage() {
    // A replay hands back the recorded state; the store keeps that value, storage and all.
    let recorded = Array(repeating: 7, count: 64) + [1]
    let seen = Mutex<[[Int]]>([])
    let store = Store(
      initial: Array(repeating: 7, count: 64),
      reducer: Reducer<[Int], Int> { state, event in state.append(event) },
      feedbacks: [],
      instrumentation: StoreInstrumentation(
        observe: { observation in
          if case .reduced(let transition) = observation {
            seen.withLock { $0.append(transition.state) }
          }
        },
        equalState: { state in state == recorded ? recorded : nil }))

    store.send(1)
    store.send(2)

    func storage(_ array: [Int]) -> UnsafeRawPointer? {
      array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let states = seen.withLock { $0 }
    #expect(states == [recorded, recorded + [2]])
    // The first step's state is the recording's own array; the second, unequal, is the store's.
    #expect(storage(states[0]) == storage(recorded))
    #expect(storage(store.state) != storage(recorded))
  }

  @Test func sendReducesSynchronouslyInTheCaller() {
    let store = Store(initial: Lab(), reducer: labReducer)
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)
  }

  @Test func cancelStopsEveryRunningEffect() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = probe.store(Lab(), labReducer, Self.forever)
    store.send(.query("q"))
    store.send(.flag(true))
    store.send(.keys([1, 2]))
    #expect(store.counts.runningEffects == 4)

    store.cancel()
    try await probe.waitForEndedEffects(4)

    #expect(Set(probe.ended.values) == [.cancelled])
    #expect(store.counts.runningEffects == 0)
    #expect(store.isCancelled)
  }

  @Test func droppingTheLastReferenceStopsEveryRunningEffect() async throws {
    let probe = Probe<Lab, LabEvent>()
    var store: Store<Lab, LabEvent>? = probe.store(Lab(), labReducer, Self.forever)
    store?.send(.query("q"))
    store?.send(.keys([1, 2, 3]))
    weak let core = store?.core
    #expect(probe.started.count == 4)

    store = nil
    try await probe.waitForEndedEffects(4)

    #expect(Set(probe.ended.values) == [.cancelled])
    #expect(core?.counts.runningEffects ?? 0 == 0)
  }

  @Test func sendAfterCancelDoesNothing() {
    let store = Store(initial: Lab(), reducer: labReducer)
    store.send(.increment)
    store.cancel()
    store.send(.increment)
    store.cancel()
    #expect(store.state.count == 1)
  }

  @Test func cancelDropsQueuedEventsAndEndsStateStreams() async throws {
    let store = Store(initial: Lab(), reducer: labReducer)
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    store.send(.increment)
    #expect(await states.next()?.count == 1)

    store.cancel()

    #expect(await states.next() == nil)
    var late = store.states.makeAsyncIterator()
    #expect(await late.next()?.count == 1)
    #expect(await late.next() == nil)
  }

  @Test func eightSendersOfTenThousandEventsAreAllReducedInEachSendersOrder() async throws {
    struct Tally: Sendable {
      var last = Array(repeating: -1, count: 8)
      var outOfOrder = 0
      var total = 0
    }
    let reducer = Reducer<Tally, (sender: Int, index: Int)> { state, event in
      if event.index != state.last[event.sender] + 1 { state.outOfOrder += 1 }
      state.last[event.sender] = event.index
      state.total += 1
    }
    let store = Store(initial: Tally(), reducer: reducer)

    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask {
          for index in 0..<10_000 {
            store.send((sender, index))
          }
        }
      }
    }

    // Every send has returned, so every event has been reduced, by its sender or the drainer.
    #expect(store.state.total == 80_000)
    #expect(store.state.outOfOrder == 0)
    #expect(store.state.last == Array(repeating: 9_999, count: 8))
  }

  @Test func everyFeedbackSeesEveryState() async throws {
    let seenByFirst = AwaitableList<Int>()
    let seenBySecond = AwaitableList<Int>()
    func watcher(_ recorder: AwaitableList<Int>) -> Feedback<Lab, LabEvent> {
      .custom(name: "watch", initial: ()) { _, state, _, _ in recorder.append(state.count) }
    }
    let store = Store(
      initial: Lab(), reducer: labReducer,
      feedbacks: [watcher(seenByFirst), watcher(seenBySecond)])

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 { store.send(.increment) }
        }
      }
    }

    #expect(seenByFirst.elements == Array(0...1_000))
    #expect(seenBySecond.elements == Array(0...1_000))
  }

  @Test func aSendFromACancellationHandlerIsQueuedNotReducedReentrantly() async throws {
    let depth = Mutex((current: 0, deepest: 0))
    let reducer = Reducer<Lab, LabEvent> { state, event in
      depth.withLock {
        $0.current += 1
        $0.deepest = max($0.deepest, $0.current)
      }
      labReducer(&state, event)
      depth.withLock { $0.current -= 1 }
    }
    let box = StoreBox<Lab, LabEvent>()
    let began = AwaitableList<String>()
    let store = Store(
      initial: Lab(), reducer: reducer,
      feedbacks: [
        .onChange(of: \.query) { query in
          await withTaskCancellationHandler {
            began.append(query)
            await waitForCancellation()
          } onCancel: {
            box.store?.send(.increment)
          }
          return nil
        }
      ])
    box.store = store

    store.send(.query("a"))
    try await began.wait { $0 == ["a"] }
    store.send(.query("b"))  // cancels "a", whose handler sends while this send is draining

    #expect(store.state.count == 1)
    #expect(depth.withLock { $0.deepest } == 1)
    box.store = nil
  }

  @Test func aSendFromAStatesObserverIsReducedInOrder() async throws {
    let store = Store(initial: Lab(), reducer: labReducer)
    let observer = Task {
      for await state in store.states {
        if state.loaded == ["seen 1"] { return }
        if state.count == 1 { store.send(.loaded("seen 1")) }
      }
    }
    store.send(.increment)
    try await observer.value()
    #expect(store.state.loaded == ["seen 1"])
    #expect(store.state.count == 1)
  }

  /// `first(where:timeout:)` answers as soon as the state comes: the timeout's sleep is
  /// cancelled, not waited for (a wait left to its timer would hold this test for 600 s).
  @Test func aStateThatComesBeforeTheTimeoutEndsTheWaitAtOnce() async {
    let store = Store(initial: 0, reducer: Reducer<Int, Int> { count, step in count += step })
    let waiting = Task { await store.first(where: { $0 == 1 }, timeout: .seconds(600)) }
    store.send(1)
    #expect(await waiting.value == 1)
  }
}
