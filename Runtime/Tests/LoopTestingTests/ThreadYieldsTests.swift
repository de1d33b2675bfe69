import Testing

@testable import LoopTesting

/// When a thread running test stores' jobs yields: its first wait starts its count, and it is
/// due `interval` after its mark, which being due moves to the present.
struct ThreadYieldsTests {
  private let interval = ThreadYields.interval

  @Test func aThreadsFirstWaitOnlyStartsItsCount() {
    let decision = ThreadYields.decide(now: 5 * interval, mark: 0)
    #expect(!decision.isDue)
    #expect(decision.mark == 5 * interval)
  }

  @Test func aThreadIsNotDueBeforeAnIntervalHasPassedAndKeepsItsMark() {
    let decision = ThreadYields.decide(now: 5 * interval - 1, mark: 4 * interval)
    #expect(!decision.isDue)
    #expect(decision.mark == nil)
  }

  @Test func aThreadIsDueOnceAnIntervalHasPassedAndItsCountStartsAgain() {
    for now in [5 * interval, 5 * interval + 1] {
      let decision = ThreadYields.decide(now: now, mark: 4 * interval)
      #expect(decision.isDue)
      #expect(decision.mark == now)
    }
  }
}
