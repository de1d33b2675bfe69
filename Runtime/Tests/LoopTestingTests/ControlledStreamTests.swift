import Loop
import LoopTesting
import TestSupport
import Testing

@Suite(.watchdog)
struct ControlledStreamTests {
  private struct StreamFailure: Error, Equatable {
    let code: Int
  }

  @Test func startsAnnouncesGenerationsInOrderWhenStreamsAreMade() async throws {
    let controlled = ControlledStream<Int>()
    var starts = controlled.starts.makeAsyncIterator()

    let first = controlled.makeStream()
    let second = controlled.makeStream()

    #expect(await starts.next() == 0)
    #expect(await starts.next() == 1)
    #expect(first.generation == 0)
    #expect(second.generation == 1)
    #expect(controlled.startedCount == 2)
  }

  @Test func bufferedElementsAreDeliveredInOrderWhenYieldedBeforeIteration() async throws {
    let controlled = ControlledStream<Int>()
    let stream = controlled.makeStream()

    controlled.yield(0, 1)
    controlled.yield(0, 2)
    controlled.yield(0, 3)
    controlled.finish(0)

    var received: [Int] = []
    for try await element in stream {
      received.append(element)
    }
    #expect(received == [1, 2, 3])
  }

  @Test func iterationEndsWhenTheGenerationIsFinished() async throws {
    let controlled = ControlledStream<Int>()
    let stream = controlled.makeStream()
    controlled.yield(0, 1)
    controlled.finish(0)

    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func iterationThrowsAfterBufferedElementsWhenTheGenerationFails() async throws {
    let controlled = ControlledStream<Int>()
    let stream = controlled.makeStream()
    controlled.yield(0, 1)
    controlled.yield(0, 2)
    controlled.fail(0, StreamFailure(code: 9))

    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect(throws: StreamFailure(code: 9)) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func aWaitingConsumerIsResumedWhenTheTestYields() async throws {
    let controlled = ControlledStream<Feed.Event>()
    let timeline = WorkTimeline<Feed.State, Feed.Event>()
    let store = timeline.store(Feed.State(), Feed.reducer, [Feed.feedback(controlled)])

    store.send(.watch("prices"))
    try await timeline.waitForWaits(1)
    let began = try #require(timeline.entries.compactMap(\.began).first)
    #expect(began.kind == .stream)
    #expect(
      began.description
        == "awaiting the next element of ControlledStream<Event> generation 0: "
        + "yield(0, ...) or finish(0)")

    controlled.yield(0, .price(189))
    try await timeline.waitForReduced { $0 == .price(189) }
    let entries = timeline.entries
    let ended = try #require(entries.firstIndex { $0.endedWait == began.id })
    let reduced = try #require(entries.firstIndex { $0.reduced == .price(189) })
    #expect(ended < reduced)

    controlled.finish(0)
    try await timeline.waitForEndedEffects(1)
    #expect(timeline.entries.compactMap(\.endedEffect).map(\.1) == [.completed])
    #expect(store.state.prices == [189])
  }

  @Test func iterationReturnsNilWhenTheConsumingTaskIsCancelled() async throws {
    let controlled = ControlledStream<Int>()
    let stream = controlled.makeStream()
    let gate = WorkGate()
    let consumer = Task {
      await gate.wait()
      var received: [Int] = []
      for try await element in stream {
        received.append(element)
      }
      return received
    }
    controlled.yield(0, 1)

    consumer.cancel()
    gate.open()

    #expect(try await consumer.value() == [])
    #expect(controlled.cancelledGenerations == [0])
  }

  @Test func aGenerationWhoseConsumerWasCancelledIsNotLiveAndFinishAllLeavesIt() async throws {
    let controlled = ControlledStream<Int>()
    let first = controlled.makeStream()
    _ = controlled.makeStream()
    let consumer = Task {
      var iterator = first.makeAsyncIterator()
      withUnsafeCurrentTask { $0?.cancel() }
      return try await iterator.next()
    }
    #expect(try await consumer.value() == nil)

    #expect(controlled.liveGenerations == [1])
    #expect(controlled.finishAll() == [1])
    #expect(controlled.droppedEnds.isEmpty)
  }

  @Test func yieldsAreDroppedAndCountedWhenTheGenerationWasCancelled() async throws {
    let controlled = ControlledStream<Feed.Event>()
    let timeline = WorkTimeline<Feed.State, Feed.Event>()
    let store = timeline.store(Feed.State(), Feed.reducer, [Feed.feedback(controlled)])
    var starts = controlled.starts.makeAsyncIterator()

    store.send(.watch("prices"))
    #expect(await starts.next() == 0)
    try await timeline.waitForWaits(1)
    store.send(.watch("volumes"))
    #expect(await starts.next() == 1)
    try await timeline.waitForEndedEffects(1)

    controlled.yield(0, .price(1))
    controlled.yield(0, .price(2))
    controlled.finish(0)
    controlled.yield(1, .price(3))
    try await timeline.waitForReduced { $0 == .price(3) }

    #expect(controlled.cancelledGenerations == [0])
    #expect(controlled.droppedElements == [0: 2])
    #expect(controlled.droppedEnds == [0])
    #expect(store.state.prices == [3])
    let cancelledWait = try #require(timeline.entries.compactMap(\.began).first)
    #expect(timeline.entries.contains { $0.endedWait == cancelledWait.id })
  }

  @Test func droppedEndsFirstRunsTheReadyJobsOfTheTestsStores() async throws {
    let controlled = ControlledStream<Int>()
    let trigger = ControlledStream<Int>()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 == 1 ? 1 : nil }, name: "watch",
          effect: { _ in
            var elements = controlled.makeStream().makeAsyncIterator()
            while (try? await elements.next()) != nil {}
            return nil
          }),
        .onChange(
          of: { $0 == 2 ? 2 : nil }, name: "close",
          effect: { _ in
            // Once the test yields to `trigger`, this effect ends the superseded generation.
            var triggers = trigger.makeStream().makeAsyncIterator()
            _ = try? await triggers.next()
            controlled.finish(0)
            return nil
          }),
      ],
      exhaustivity: .off)
    store.send(1)
    await store.settle()
    store.send(2)  // cancels the watch, which waits on generation 0
    await store.settle()
    #expect(controlled.cancelledGenerations == [0])

    // The close effect's next job is ready now; the look runs it first.
    trigger.yield(0, 1)
    #expect(controlled.droppedEnds == [0])
  }

  @Test func yieldReportsAFailureWhenTheGenerationDoesNotExist() {
    let controlled = ControlledStream<Int>()
    _ = controlled.makeStream()

    withKnownIssue {
      controlled.yield(2, 1)
    } matching: { issue in
      issue.description.contains("ControlledStream<Int>: yield(2, ...) names generation 2")
        && issue.description.contains("only generation 0 has started")
        && issue.description.contains(
          "await `starts` (or settle the TestStore) before yielding to generation 2")
    }

    #expect(controlled.droppedElements.isEmpty)
  }

  @Test func finishReportsAFailureWhenTheGenerationIsFinishedTwice() async throws {
    let controlled = ControlledStream<Int>()
    let stream = controlled.makeStream()
    controlled.finish(0)

    withKnownIssue {
      controlled.finish(0)
    } matching: { issue in
      issue.description.contains("finish(0) comes after generation 0 was already over")
        && issue.description.contains("by finish(0) at LoopTestingTests/")
        && issue.description.contains("end generation 0 once")
    }

    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == nil)
  }

  @Test func yieldReportsAFailureWhenTheGenerationHasEnded() async throws {
    let controlled = ControlledStream<Int>()
    let stream = controlled.makeStream()
    controlled.fail(0, StreamFailure(code: 1))

    withKnownIssue {
      controlled.yield(0, 5)
    } matching: { issue in
      issue.description.contains("by fail(0, ...) at")
        && issue.description.contains("yield every element of generation 0 before ending it")
    }

    var iterator = stream.makeAsyncIterator()
    await #expect(throws: StreamFailure(code: 1)) { try await iterator.next() }
  }
}

/// A price feed whose one effect iterates a ``ControlledStream`` generation per watch.
private enum Feed {
  struct State: Hashable, Sendable {
    var watched: String?
    var prices: [Int] = []
  }

  enum Event: Equatable, Sendable {
    case watch(String)
    case price(Int)
  }

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .watch(let name): state.watched = name
    case .price(let price): state.prices.append(price)
    }
  }

  static func feedback(_ controlled: ControlledStream<Event>) -> Feedback<State, Event> {
    .streaming(of: { $0.watched }, name: "feed", events: { _ in controlled.makeStream() })
  }
}
