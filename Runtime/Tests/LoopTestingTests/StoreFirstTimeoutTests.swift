import Loop
import LoopTesting
import TestSupport
import Testing

/// `Store.first(where:timeout:clock:)`: the state if it comes before the deadline, `nil` at
/// the deadline, on the clock it is given.
@Suite(.watchdog)
struct StoreFirstTimeoutTests {
  private static func counter() -> Store<Int, Int> {
    Store(initial: 0, reducer: Reducer { count, step in count += step })
  }

  @Test func theStateThatComesJustBeforeTheDeadlineIsReturned() async throws {
    let (clock, store) = (TestClock(), Self.counter())
    let waiting = Task {
      await store.first(where: { $0 == 1 }, timeout: .seconds(5), clock: clock)
    }
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(5) - .milliseconds(1))
    store.send(1)
    #expect(await waiting.value == 1)
    try await clock.waitForSleepers(count: 0)  // the timeout's sleep ended with the wait
  }

  @Test func nilIsReturnedAtTheDeadline() async throws {
    let (clock, store) = (TestClock(), Self.counter())
    let waiting = Task {
      await store.first(where: { $0 == 1 }, timeout: .seconds(5), clock: clock)
    }
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(5))
    #expect(await waiting.value == nil)
    store.send(1)  // too late for the wait, and harmless
    #expect(store.state == 1)
  }

  @Test func theCurrentStateAnswersAtOnceWithoutSleeping() async {
    let (clock, store) = (TestClock(), Self.counter())
    store.send(2)
    #expect(await store.first(where: { $0 == 2 }, timeout: .seconds(5), clock: clock) == 2)
    #expect(clock.activeSleeperCount == 0)
  }

  @Test func cancellingTheWaitingTaskReturnsNil() async throws {
    let (clock, store) = (TestClock(), Self.counter())
    let waiting = Task {
      await store.first(where: { $0 == 1 }, timeout: .seconds(5), clock: clock)
    }
    try await clock.waitForSleepers(count: 1)
    waiting.cancel()
    #expect(await waiting.value == nil)
  }
}
