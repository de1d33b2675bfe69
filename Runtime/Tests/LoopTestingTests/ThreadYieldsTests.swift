import Foundation
import Testing

@testable import LoopTesting

/// When a thread running test stores' jobs yields: its first wait starts its count, and it is
/// due `interval` after its mark, which being due moves to the present.
struct ThreadYieldsTests {
  private let interval = ThreadYields.interval

  /// On a thread of its own (no test store has waited on it), the count a thread keeps is
  /// its own: its first wait starts it, and it is due one interval later, not before.
  @Test func aThreadKeepsItsOwnCount() async {
    let start: UInt64 = 1_000 * interval
    let answers = await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: [
          ThreadYields.isDue(now: start), ThreadYields.isDue(now: start + interval - 1),
          ThreadYields.isDue(now: start + interval), ThreadYields.isDue(now: start + interval + 1),
        ])
      }.start()
    }
    #expect(answers == [false, false, true, false])
  }

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
