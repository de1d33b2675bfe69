import Loop
import LoopTesting
import TestSupport
import Testing

@Suite(.watchdog)
struct ControlledWorkTests {
  private struct WorkFailure: Error, Equatable {
    let code: Int
  }

  @Test func startsAnnouncesGenerationsInOrderWhenWorkIsMade() async throws {
    let work = ControlledWork<Int>()
    var starts = work.starts.makeAsyncIterator()

    let tasks = (0..<8).map { _ in Task { try await work.makeWork() } }
    var announced: [Int] = []
    for _ in tasks {
      announced.append(try #require(await starts.next()))
    }

    #expect(announced == Array(0..<8))
    #expect(work.startedCount == 8)
    for generation in 0..<8 {
      work.succeed(generation, with: generation * 10)
    }
    var values: [Int] = []
    for task in tasks {
      values.append(try await task.value())
    }
    #expect(values.sorted() == (0..<8).map { $0 * 10 })
  }

  @Test func succeedResumesTheNamedGenerationWhenSeveralWait() async throws {
    let work = ControlledWork<String>()
    var starts = work.starts.makeAsyncIterator()
    let first = Task { try await work.makeWork() }
    #expect(await starts.next() == 0)
    let second = Task { try await work.makeWork() }
    #expect(await starts.next() == 1)

    work.succeed(1, with: "second")
    #expect(try await second.value() == "second")
    #expect(work.pendingGenerations == [0])
    work.succeed(0, with: "first")
    #expect(try await first.value() == "first")
    #expect(work.pendingGenerations.isEmpty)
  }

  @Test func makeWorkThrowsTheErrorWhenTheGenerationFails() async throws {
    let work = ControlledWork<Int>()
    var starts = work.starts.makeAsyncIterator()
    let first = Task { try await work.makeWork() }
    #expect(await starts.next() == 0)
    let second = Task { try await work.makeWork() }
    #expect(await starts.next() == 1)

    work.fail(0, WorkFailure(code: 7))
    work.succeed(1, with: 1)

    await #expect(throws: WorkFailure(code: 7)) { try await first.value() }
    #expect(try await second.value() == 1)
  }

  @Test func makeWorkThrowsCancellationErrorWhenItsTaskIsCancelled() async throws {
    let work = ControlledWork<Int>()
    var starts = work.starts.makeAsyncIterator()
    let task = Task { try await work.makeWork() }
    #expect(await starts.next() == 0)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value() }
    #expect(work.cancelledGenerations == [0])
    #expect(work.pendingGenerations.isEmpty)
  }

  @Test func makeWorkThrowsCancellationErrorWhenItsTaskIsCancelledBeforeItStarts() async throws {
    let work = ControlledWork<Int>()
    let gate = WorkGate()
    let task = Task {
      await gate.wait()
      return try await work.makeWork()
    }

    task.cancel()
    gate.open()

    await #expect(throws: CancellationError.self) { try await task.value() }
    #expect(work.startedCount == 1)
    #expect(work.cancelledGenerations == [0])
  }

  @Test func aCompletionIsDroppedWhenItsGenerationWasCancelled() async throws {
    let work = ControlledWork<Int>()
    var starts = work.starts.makeAsyncIterator()
    let superseded = Task { try await work.makeWork() }
    #expect(await starts.next() == 0)
    superseded.cancel()
    await #expect(throws: CancellationError.self) { try await superseded.value() }

    work.succeed(0, with: 1)
    work.fail(0, WorkFailure(code: 2))

    #expect(work.droppedCompletions == [0, 0])
    #expect(work.cancelledGenerations == [0])
  }

  @Test func succeedReportsAFailureWhenTheGenerationHasNotStarted() async throws {
    let work = ControlledWork<Int>()
    var starts = work.starts.makeAsyncIterator()
    let task = Task { try await work.makeWork() }
    #expect(await starts.next() == 0)

    withKnownIssue {
      work.succeed(3, with: 1)
    } matching: { issue in
      issue.description.contains("ControlledWork<Int>: succeed(3, with:) names generation 3")
        && issue.description.contains("only generation 0 has started")
        && issue.description.contains(
          "await `starts` (or settle the TestStore) before completing generation 3")
    }

    #expect(work.pendingGenerations == [0])
    work.succeed(0, with: 5)
    #expect(try await task.value() == 5)
  }

  @Test func failReportsAFailureWhenNoGenerationHasStarted() {
    let work = ControlledWork<Int>()

    withKnownIssue {
      work.fail(0, WorkFailure(code: 1))
    } matching: { issue in
      issue.description.contains("none has started yet")
        && issue.description.contains("before completing generation 0")
    }

    #expect(work.startedCount == 0)
  }

  @Test func succeedReportsAFailureWhenTheGenerationIsCompletedTwice() async throws {
    let work = ControlledWork<Int>()
    var starts = work.starts.makeAsyncIterator()
    let task = Task { try await work.makeWork() }
    #expect(await starts.next() == 0)
    work.succeed(0, with: 1)
    #expect(try await task.value() == 1)

    withKnownIssue {
      work.fail(0, WorkFailure(code: 3))
    } matching: { issue in
      issue.description.contains("fail(0, ...) comes after generation 0 was already over")
        && issue.description.contains("by succeed(0, with:) at LoopTestingTests/")
        && issue.description.contains("complete generation 0 once")
    }

    #expect(work.droppedCompletions.isEmpty)
  }

  @Test func anEffectAwaitingWorkIsReportedAsWaitingWhenRunByAnInstrumentedStore() async throws {
    let work = ControlledWork<Int>()
    let timeline = WorkTimeline<Lookup.State, Lookup.Event>()
    let store = timeline.store(Lookup.State(), Lookup.reducer, [Lookup.feedback(work)])

    store.send(.lookUp("dune"))
    try await timeline.waitForWaits(1)

    let began = try #require(timeline.entries.compactMap(\.began).first)
    #expect(began.kind == .work)
    #expect(
      began.description
        == "awaiting ControlledWork<Int> generation 0: complete it with succeed(0, with:) "
        + "or fail(0, ...)")

    work.succeed(0, with: 42)
    try await timeline.waitForReduced { $0 == .found(42) }

    let entries = timeline.entries
    let ended = try #require(entries.firstIndex { $0.endedWait == began.id })
    let reduced = try #require(entries.firstIndex { $0.reduced == .found(42) })
    #expect(ended < reduced)
    #expect(store.state.found == 42)
  }

  @Test func aSupersededGenerationIsCancelledWhenTheStoreReplacesItsEffect() async throws {
    let work = ControlledWork<Int>()
    let timeline = WorkTimeline<Lookup.State, Lookup.Event>()
    let store = timeline.store(Lookup.State(), Lookup.reducer, [Lookup.feedback(work)])
    var starts = work.starts.makeAsyncIterator()

    store.send(.lookUp("dune"))
    #expect(await starts.next() == 0)
    store.send(.lookUp("arrival"))
    #expect(await starts.next() == 1)
    try await timeline.waitForEndedEffects(1)

    work.succeed(0, with: 1)
    work.succeed(1, with: 2)
    try await timeline.waitForReduced { $0 == .found(2) }

    #expect(work.cancelledGenerations == [0])
    #expect(work.droppedCompletions == [0])
    #expect(!timeline.entries.contains { $0.reduced == .found(1) })
    #expect(store.state.found == 2)
  }
}

/// A lookup feature whose one effect awaits a ``ControlledWork`` generation per query.
private enum Lookup {
  struct State: Hashable, Sendable {
    var query: String?
    var found: Int?
  }

  enum Event: Equatable, Sendable {
    case lookUp(String)
    case found(Int)
  }

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .lookUp(let query): state.query = query
    case .found(let value): state.found = value
    }
  }

  static func feedback(_ work: ControlledWork<Int>) -> Feedback<State, Event> {
    .onChange(
      of: { $0.query }, name: "lookup", effect: { _ in .found(try await work.makeWork()) })
  }
}
