import Foundation
import Loop
import LoopSynchronization
import LoopTesting
import TestSupport
import Testing

/// A test body may await anything while the effects it depends on are ready: the store's
/// effects run without a store wait, so a test written as docs/TESTING.md's "The executor
/// serves every await" shows never waits for a time limit.
@Suite(.watchdog)
struct TestStoreServesEveryAwaitTests {
  @Test(arguments: [Exhaustivity.on, .off])
  func awaitingStartsOfAStreamSeesTheGenerationTheSendStarted(_ mode: Exhaustivity) async {
    let harness = SampleHarness()
    let store = harness.store(mode)
    var starts = harness.ticks.starts.makeAsyncIterator()

    if mode == .on {
      await store.send(.watch(true)) { $0.isWatching = true }
    } else {
      store.send(.watch(true))
    }
    #expect(await starts.next() == 0)
    harness.ticks.yield(0, 7)
    if mode == .on {
      await store.receive(.tick(7)) { $0.ticks = [7] }
      await store.send(.watch(false)) { $0.isWatching = false }
    } else {
      await store.wait { $0.ticks == [7] }
      store.send(.watch(false))
    }
  }

  @Test(arguments: [Exhaustivity.on, .off])
  func awaitingStartsOfWorkSeesTheGenerationTheDebounceStarted(_ mode: Exhaustivity) async {
    let harness = SampleHarness()
    let store = harness.store(mode)
    var starts = harness.work.starts.makeAsyncIterator()

    if mode == .on {
      await store.send(.typed("swift")) {
        $0.query = "swift"
        $0.pending = "swift"
      }
    } else {
      store.send(.typed("swift"))
    }
    await harness.clock.advance(by: .milliseconds(300))
    #expect(await starts.next() == 0)
    harness.work.succeed(0, with: ["Swift"])
    if mode == .on {
      await store.receive(.debounced("swift")) {
        $0.pending = nil
        $0.request = "swift"
      }
      await store.receive(.loaded("swift", ["Swift"])) {
        $0.request = nil
        $0.results = ["Swift"]
      }
      await store.finish()
    } else {
      await store.wait { $0.results == ["Swift"] }
    }
    #expect(harness.calls.arguments == ["swift"])
  }

  @Test func aStreamOfTheTestsOwnIsFedByTheEffectItAwaits() async {
    let (seen, seenBy) = AsyncStream.makeStream(of: String.self)
    let store = TestStore(
      initial: "", reducer: Reducer<String, String> { state, event in state = event },
      feedbacks: [
        .onChange(of: { $0.isEmpty ? nil : $0 }, name: "echo") { query in
          seenBy.yield(query)
          return nil
        }
      ],
      exhaustivity: .off)

    store.send("swift")
    var iterator = seen.makeAsyncIterator()
    #expect(await iterator.next() == "swift")
  }

  @Test func aLookAtTheStoreSeesEveryJobTheLastCallMadeReady() {
    let harness = SampleHarness()
    let store = harness.store(.off, initial: SampleSearch.State(request: "swift"))

    // No wait: reading the spy or the state runs the search's first job, then the answer's.
    #expect(harness.calls.arguments == ["swift"])
    harness.work.succeed(0, with: ["Swift"])
    #expect(store.state.results == ["Swift"])
    #expect(harness.work.pendingGenerations.isEmpty)
  }

  @Test func theClocksNextDeadlineIsTheSleepTheLastSendStartedWhenJobsComeBeforeIt() {
    let clock = TestClock()
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 > 0 ? $0 : nil }, name: "debounce",
          effect: { _ in
            // A thousand jobs before the sleep: LoopTesting's thread, which waits a little
            // before each batch of them, cannot have run them all when the test looks.
            for _ in 0..<1_000 { await Task.yield() }
            try await clock.sleep(for: .milliseconds(300))
            return nil
          })
      ],
      clock: clock, exhaustivity: .off)

    store.send(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .milliseconds(300)))
    #expect(store.state == 1)
  }

  @Test func aLookAtAStreamsStartedCountSeesTheGenerationTheLastSendStarted() {
    let controlled = ControlledStream<Int>()
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 > 0 ? $0 : nil }, name: "subscribe",
          effect: { _ in
            // A thousand jobs before the stream is made: LoopTesting's thread, which waits a
            // little before each batch of them, cannot have run them all when the test looks.
            for _ in 0..<1_000 { await Task.yield() }
            _ = controlled.makeStream()
            return nil
          })
      ],
      exhaustivity: .off)

    store.send(1)
    #expect(controlled.startedCount == 1)
    #expect(store.state == 1)
  }

  /// How many turns an effect's loop has made, counted by the effect (reading it runs no job).
  private final class JobCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
  }

  @Test func loopTestingsThreadStopsAfterTenThousandJobsOfAStoreWithNoCallOfTheTestInBetween()
    async throws
  {
    let spins = JobCount()
    let spinning = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 > 0 ? $0 : nil }, name: "spin",
          effect: { _ in
            // A loop without end: each turn yields, so it is one job or more.
            while !Task.isCancelled {
              spins.add()
              await Task.yield()
            }
            return nil
          })
      ],
      exhaustivity: .off)
    spinning.send(1)
    // Four other stores, one after the other, each awaited on a stream of the test's own:
    // only LoopTesting's thread runs the effects, in turns, 16,000 turns of theirs in all.
    for round in 1...4 {
      let (answers, answer) = AsyncStream.makeStream(of: Int.self)
      let counting = TestStore(
        initial: 0,
        reducer: Reducer<Int, Int> { state, event in state = event },
        feedbacks: [
          .onChange(
            of: { $0 > 0 ? $0 : nil }, name: "count",
            effect: { value in
              for _ in 0..<4_000 { await Task.yield() }
              answer.yield(value)
              return nil
            })
        ],
        exhaustivity: .off)
      counting.send(round)
      let answered = try await bounded("the counting effect's last job") {
        await answers.first { _ in true }
      }
      #expect(answered == round)
    }
    // The thread ran 10,000 jobs of the loop (a turn is one job or more), then left it to the
    // test's next wait.
    #expect(spins.value <= 10_000)
    #expect(spinning.state == 1)
  }

  /// Work outside the executor (a thread of its own) that resumes an effect while the test
  /// calls nothing of the store: LoopTesting's thread runs the effect on, so a test awaiting
  /// something else of its own still gets the effect's answer.
  @Test func anEffectResumedByOutsideWorkWhileTheTestCallsNothingRunsOn() async throws {
    let (answers, answer) = AsyncStream.makeStream(of: Int.self)
    let release = DispatchSemaphore(value: 0)
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 > 0 ? $0 : nil }, name: "outside",
          effect: { value in
            await withCheckedContinuation { continuation in
              Thread {
                release.wait()
                continuation.resume()
              }.start()
            }
            answer.yield(value)
            return nil
          })
      ],
      exhaustivity: .off)
    store.send(3)
    // The send has ended: the effect is resumed with no call of the test running.
    release.signal()
    let answered = try await bounded("the effect's answer after the outside work") {
      await answers.first { _ in true }
    }
    #expect(answered == 3)
  }

  @Test func withAScheduleAwaitingStartsSettlesTheStoreFirst() async {
    let harness = SampleHarness()
    let store = TestStore(
      initial: SampleSearch.State(), machine: harness.machine, clock: harness.clock,
      exhaustivity: .off, schedule: .firstReady)
    var starts = harness.ticks.starts.makeAsyncIterator()

    store.send(.watch(true))
    #expect(await starts.next() == 0)
    harness.ticks.yield(0, 7)
    await store.wait { $0.ticks == [7] }
  }

  /// A store that only an effect holds, which lets it go.
  private final class Holder: Sendable {
    private let held = Mutex<TestStore<Int, Int>?>(nil)
    func hold(_ store: TestStore<Int, Int>) { held.withLock { $0 = store } }
    func letGo() { held.withLock { $0 = nil } }
  }

  @Test func awaitingStartsFailsAtOnceWhenAStoreOfTheTestWentAwayWhileTheOthersSettled() async {
    let work = ControlledWork<[String]>()
    let other = Holder()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 > 0 ? $0 : nil }, name: "letGo",
          effect: { _ in
            other.letGo()
            return nil
          })
      ],
      exhaustivity: .off, schedule: .firstReady)
    // Made by the test after the first, so settled after it; held only by the first store's
    // effect, which lets it go when the settle that `starts` begins with runs it (with a
    // schedule, nothing runs it before).
    other.hold(
      TestStore(
        initial: 0, reducer: Reducer<Int, Int> { state, event in state = event }, feedbacks: [],
        exhaustivity: .off))
    var starts = work.starts.makeAsyncIterator()

    store.send(1)
    // Both stores are quiet, the one gone too: nothing will start, and the wait says so.
    await withKnownIssue {
      #expect(await starts.next() == nil)
    } matching: { issue in
      message(of: issue).contains(
        "Happened: nothing started one, and the test's stores are quiet, so nothing will.")
    }
  }

  @Test(arguments: [Exhaustivity.on, .off])
  func awaitingStartsOfWorkNothingWillStartFailsAtOnce(_ mode: Exhaustivity) async {
    let harness = SampleHarness()
    let store = harness.store(mode)
    var starts = harness.work.starts.makeAsyncIterator()

    // The debounce sleeps until the test advances the clock: no search will start before.
    if mode == .on {
      await store.send(.typed("swift")) {
        $0.query = "swift"
        $0.pending = "swift"
      }
    } else {
      store.send(.typed("swift"))
    }
    await withKnownIssue {
      #expect(await starts.next() == nil)
    } matching: { issue in
      message(of: issue).hasPrefix(
        """
        Awaiting `starts` of ControlledWork<Array<String>> failed.
          Expected: a generation to start: an effect of the test's stores calling it.
          Happened: nothing started one, and the test's stores are quiet, so nothing will.
          Fix: before awaiting `starts`, send the event (or advance the clock)
        """)
    }
    await store.advance(by: .milliseconds(300))
    #expect(harness.calls.arguments == ["swift"])
    harness.work.succeed(0, with: [])
    if mode == .on {
      await store.receive(.debounced("swift")) {
        $0.pending = nil
        $0.request = "swift"
      }
      await store.receive(.loaded("swift", [])) { $0.request = nil }
    }
    await store.settle()
  }
}
