import Loop
import LoopTesting
import TestSupport
import Testing

/// The executor a test store runs its effects on: they run only while the test waits, one
/// job at a time, in the order the schedule picks; a schedule replays; effects that run away
/// fail the test instead of holding a thread.
@Suite(.watchdog)
struct TestStoreScheduleTests {
  /// Two effects, `a` and `b`, started together and woken together by one advance, each then
  /// sending its name: the state is the order their jobs ran in.
  private func racers(schedule: Schedule) -> (TestStore<[String], String>, TestClock) {
    let clock = TestClock()
    let feedbacks = ["a", "b"].map { name in
      Feedback<[String], String>.onChange(of: { _ in true }, name: name) { _ in
        try await clock.sleep(for: .seconds(1))
        return name
      }
    }
    let store = TestStore(
      initial: [], reducer: Reducer { state, name in state.append(name) }, feedbacks: feedbacks,
      clock: clock, exhaustivity: .off, schedule: schedule)
    return (store, clock)
  }

  @Test func readyJobsRunInTheOrderTheyBecameReadyOnEveryRunByDefault() async {
    for _ in 0..<20 {
      let (store, _) = racers(schedule: .firstReady)
      await store.advance(by: .seconds(1))
      #expect(store.state == ["a", "b"])
      #expect(store.schedule.description == "first-ready")
    }
  }

  @Test func randomSchedulesTakeBothOrdersAndEachReplaysItsOwn() async {
    var orders: Set<[String]> = []
    for seed in UInt64(0)..<16 {
      let (store, _) = racers(schedule: .random(seed: seed))
      await store.advance(by: .seconds(1))
      orders.insert(store.state)
      // The schedule as run, given to a new store, makes the same picks.
      let ran = store.schedule
      #expect(!ran.choices.isEmpty)
      let (replay, _) = racers(schedule: try! #require(Schedule(ran.description)))
      await replay.advance(by: .seconds(1))
      #expect(replay.state == store.state, "seed \(seed), schedule \(ran)")
      #expect(replay.schedule == ran)
    }
    #expect(orders == [["a", "b"], ["b", "a"]])
  }

  @Test func pctSchedulesRunTheTaskOfHighestPriorityFirstAndEachReplaysItsOwn() async {
    var orders: Set<[String]> = []
    for seed in UInt64(0)..<16 {
      // Depth 1: no priority change, so the task with the higher random priority goes first.
      let (store, _) = racers(schedule: .pct(seed: seed, depth: 1, steps: 4))
      await store.advance(by: .seconds(1))
      orders.insert(store.state)
      let ran = store.schedule
      let (replay, _) = racers(schedule: try! #require(Schedule(ran.description)))
      await replay.advance(by: .seconds(1))
      #expect(replay.state == store.state, "seed \(seed), schedule \(ran)")
      // Without the recorded choices, the same seed makes the same picks too.
      let (again, _) = racers(schedule: .pct(seed: seed, depth: 1, steps: 4))
      await again.advance(by: .seconds(1))
      #expect(again.state == store.state, "seed \(seed)")
    }
    #expect(orders == [["a", "b"], ["b", "a"]])
  }

  @Test func givenChoicesComeFirstThenTheStrategyPicks() async {
    let (store, _) = racers(schedule: Schedule(.firstReady, choices: [1]))
    await store.advance(by: .seconds(1))
    #expect(store.state == ["b", "a"])
    // The last choice took the first job, which first-ready picks anyway: not written.
    #expect(store.schedule.choices == [1, 0])
    #expect(store.schedule.description == "first-ready/1")
  }

  @Test func withAScheduleAnEffectRunsOnlyWhileTheTestWaitsOnTheStore() async {
    let calls = CallLog<Int>()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(of: { $0 == 1 ? 1 : nil }, name: "record") { value in
          calls.record(value)
          return 2
        }
      ],
      exhaustivity: .off, schedule: .firstReady)

    store.send(1)
    // The effect's task exists, but its first job waits for the test to wait.
    #expect(calls.count == 0)
    #expect(store.state == 1)
    await store.settle()
    #expect(calls.arguments == [1])
    #expect(store.state == 2)
  }

  @Test func withoutAScheduleAnEffectHasRunWhenTheTestLooksNext() {
    let calls = CallLog<Int>()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(of: { $0 == 1 ? 1 : nil }, name: "record") { value in
          calls.record(value)
          return 2
        }
      ],
      exhaustivity: .off)

    store.send(1)
    // No wait: a look at the spy or the state runs what is ready first.
    #expect(calls.arguments == [1])
    #expect(store.state == 2)
  }

  @Test func effectsThatRunAwayFailTheWaitNamingThemAndStop() async {
    let clock = ImmediateClock()
    let attempts = CallLog<Int>()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(of: { $0 == 1 ? 1 : nil }, name: "retry") { _ in
          // A retry with no cap: every attempt fails, and the clock never makes it wait.
          while true {
            attempts.record(attempts.count)
            try await clock.sleep(for: .seconds(1))
          }
        }
      ],
      exhaustivity: .off, schedule: .firstReady, jobsWithoutProgress: 50)

    store.send(1)
    await withKnownIssue {
      await store.settle()
    } matching: { issue in
      issue.description.contains("The store's effects ran away.")
        && issue.description.contains(
          "Happened: they ran 50 jobs with none of that (a loop with no end")
        && issue.description.contains("effect of feedback `retry` (generation 0) is running")
        && issue.description.contains("Fix: bound the loop")
    }
    // Stopped at the bound (an attempt takes at least one job), and its jobs are dropped.
    #expect((1...50).contains(attempts.count))
  }

  @Test func aFailureUnderAScheduleNamesItToReplay() async {
    let (store, _) = racers(schedule: Schedule(.firstReady, choices: [1]))
    await store.advance(by: .seconds(1))
    await withKnownIssue {
      await store.wait { $0 == ["a", "b"] }
    } matching: { issue in
      issue.description.contains("wait(until:) failed.")
        && issue.description.contains(
          "\n  Schedule: first-ready/1 (replay it: TestStore(..., schedule: Schedule(\"first-ready/1\")))"
        )
    }
  }

  @Test func aScheduleReadsBackWhatItWrites() {
    for text in [
      "first-ready", "random-7", "random-7/1.0.2", "first-ready/1.0.2", "pct-7-d3-k20",
      "pct-7-d3-k20/1.0", "random-7/1.0",
    ] {
      #expect(Schedule(text)?.description == text)
    }
    #expect(Schedule("first-ready/0.0")?.description == "first-ready")
    #expect(Schedule("first-ready/1.0")?.description == "first-ready/1")
    #expect(Schedule("pct-7-d3-k20")?.strategy == .pct(seed: 7, depth: 3, steps: 20))
    for text in [
      "", "random", "random-x", "random-7/", "random-7/1..2", "fifo", "random-7/-1", "pct-7",
      "pct-7-d0-k5", "pct-7-d2-k0", "pct-7-3-5", "first-ready-1",
    ] {
      #expect(Schedule(text) == nil, "\(text)")
    }
  }

  @Test func aScheduleReadsBackAPCTOfOneStepAndDepthOneWhenThePCTFactoryWroteIt() {
    // `pct` raises a depth or a step count below 1 to 1: what it writes must read back.
    let smallest = Schedule.pct(seed: 7, depth: 0, steps: 0)
    #expect(smallest.description == "pct-7-d1-k1")
    #expect(Schedule("pct-7-d1-k1")?.strategy == .pct(seed: 7, depth: 1, steps: 1))
    #expect(Schedule("pct-7-d1-k1/0")?.description == "pct-7-d1-k1/0")
  }
}
