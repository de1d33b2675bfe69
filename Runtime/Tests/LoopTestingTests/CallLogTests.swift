import Loop
import LoopTesting
import TestSupport
import Testing

@Suite(.watchdog)
struct CallLogTests {
  private struct LookupFailure: Error, Equatable {}

  @Test func recordCountsEveryCallWhenManyTasksRecordConcurrently() async throws {
    let log = CallLog<Int>()

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for call in 0..<1000 {
            log.record(task * 1000 + call)
          }
        }
      }
    }

    #expect(log.count == 8000)
    #expect(log.arguments.sorted() == Array(0..<8000))
  }

  @Test func recordingRecordsThenCallsThroughWhenTheDoubleIsCalled() async throws {
    let log = CallLog<String>()
    let search = log.recording { query in
      // Already recorded when the body runs.
      (query.uppercased(), log.count)
    }

    let result = try await search("dune")

    #expect(result.0 == "DUNE")
    #expect(result.1 == 1)
    #expect(log.arguments == ["dune"])
  }

  @Test func recordingRecordsTheCallWhenTheBodyThrows() async throws {
    let log = CallLog<String>()
    let search: @Sendable (String) async throws -> Int = log.recording { _ in
      throw LookupFailure()
    }

    await #expect(throws: LookupFailure()) { try await search("dune") }

    #expect(log.last == "dune")
  }

  @Test func returningRecordsAndReturnsTheValueWhenCalled() async throws {
    let log = CallLog<Int>()
    let page = log.returning("page")

    #expect(try await page(1) == "page")
    #expect(try await page(2) == "page")
    #expect(log.arguments == [1, 2])
  }

  @Test func lastAndResetReflectTheCallsWhenSeveralWereRecorded() {
    let log = CallLog<String>()
    #expect(log.last == nil)
    log.record("a")
    log.record("b")
    #expect(log.last == "b")
    #expect(log.count == 2)

    log.reset()

    #expect(log.calls.isEmpty)
    #expect(log.last == nil)
  }

  @Test func callHasNoFeedbackWhenRecordedOutsideAnEffect() {
    let log = CallLog<String>()

    log.record("dune")

    #expect(log.calls == [CallLog.Call(arguments: "dune", feedback: nil, generation: nil)])
  }

  @Test func callNamesTheFeedbackAndGenerationWhenRecordedInsideAStoreEffect() async throws {
    let log = CallLog<String>()
    let timeline = WorkTimeline<Search.State, Search.Event>()
    let store = timeline.store(Search.State(), Search.reducer, [Search.feedback(log)])

    store.send(.search("dune"))
    try await timeline.waitForEndedEffects(1)
    store.send(.search("arrival"))
    try await timeline.waitForEndedEffects(2)

    #expect(
      log.calls == [
        CallLog.Call(arguments: "dune", feedback: "search", generation: 0),
        CallLog.Call(arguments: "arrival", feedback: "search", generation: 1),
      ])
  }
}

/// A search feature whose one effect calls a logged double per query.
private enum Search {
  struct State: Hashable, Sendable {
    var query: String?
  }

  enum Event: Equatable, Sendable {
    case search(String)
  }

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .search(let query): state.query = query
    }
  }

  static func feedback(_ log: CallLog<String>) -> Feedback<State, Event> {
    let search = log.returning(0)
    return .onChange(
      of: { $0.query }, name: "search",
      effect: { query in
        _ = try await search(query)
        return nil
      })
  }
}
