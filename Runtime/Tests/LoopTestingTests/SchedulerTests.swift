import Testing

@testable import LoopTesting

/// How a ``Scheduler`` picks among the jobs ready, under the strategy of its schedule.
@Suite
struct SchedulerTests {
  @Test func underPCTTheTaskPickedAtAChangePointDropsBelowEveryOther() {
    // Depth 2 over one step: one change point (depth - 1), and it can only be the first
    // choice. Whichever task the priorities pick there, the next choice picks another.
    for seed in UInt64(0)..<16 {
      var scheduler = Scheduler(.pct(seed: seed, depth: 2, steps: 1))
      let first = scheduler.pick(among: [1, 2, 3])
      #expect(scheduler.pick(among: [1, 2, 3]) != first, "seed \(seed)")
    }
  }
}
