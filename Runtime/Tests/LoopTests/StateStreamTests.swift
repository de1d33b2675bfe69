import TestSupport
import Testing

@testable import Loop

/// `Store.states`: each access makes an independent stream of every state, ended by `cancel()`.
@Suite(.watchdog)
struct StateStreamTests {
  /// Two streams made one after the other each get the current state, every later state,
  /// and their end when the store is cancelled.
  @Test func twoStateStreamsEachSeeEveryStateAndEnd() async throws {
    let store = Store(initial: Lab(), reducer: labReducer)
    let first = store.states
    let second = store.states

    store.send(.increment)
    store.send(.increment)
    store.cancel()

    for stream in [first, second] {
      let counts = try await Task {
        var counts: [Int] = []
        for await state in stream { counts.append(state.count) }
        return counts
      }.value(within: WaitBound.standard)
      #expect(counts == [0, 1, 2])
    }
  }
}
