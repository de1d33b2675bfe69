import Loop
import LoopSynchronization
import LoopTesting
import TestSupport
import Testing

/// Every way a TestStore fails, proven to fail, with the message it gives: what was expected,
/// what happened, and what to do.
@Suite(.watchdog)
struct TestStoreFailureTests {
  @Test func waitFailsAtOnceNamingTheClockWhenTheDebounceIsPending() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)
    store.send(.typed("swift"))

    await withKnownIssue {
      await store.wait(timeout: .seconds(30)) { !$0.results.isEmpty }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("the store is quiet")
        && text.contains(
          "effect of feedback `debounce` (generation 0) is sleeping on the TestClock until +300 ms")
        && text.contains("Fix: advance the test clock")
        && text.contains("[1] .typed(\"swift\"), sent by the test   ← stuck here")
    }
  }

  @Test func waitFailsNamingTheWorkWhenARequestIsPending() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)
    store.send(.typed("swift"))
    await store.advance(by: .milliseconds(300))

    await withKnownIssue {
      await store.wait { !$0.results.isEmpty }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("effect of feedback `search` (generation 0) is awaiting ControlledWork")
        && text.contains("complete the ControlledWork generation with `succeed` or `fail`")
        && text.contains(
          ".debounced(\"swift\"), sent by effect of feedback `debounce` (generation 0)")
    }
  }

  @Test func waitFailsSayingNothingIsPendingWhenTheStoreIsIdle() async throws {
    let store = SampleHarness().store(.off)

    await withKnownIssue {
      await store.wait { $0.query == "never" }
    } matching: { issue in
      message(of: issue).contains("nothing: no effect is running and no event is queued")
    }
  }

  @Test func sendWithoutAClosureFailsWithADiffWhenTheStateChanged() async throws {
    let store = SampleHarness().store(.on)

    withKnownIssue {
      store.send(.typed("swift"))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("send(.typed(\"swift\")) failed.")
        && text.contains("Expected: no change, since no assert closure declares one.")
        && text.contains("Happened: the state changed, field by field:")
        && text.contains("query") && text.contains("- expected: \"\"")
        && text.contains("+ actual:   \"swift\"")
    }
    await withKnownIssue { await store.finish() }  // the debounce is still running
  }

  @Test func aClosureFailsWhenNothingChanged() async throws {
    let store = SampleHarness().store(.on)

    await withKnownIssue {
      await store.send(.loaded("ignored", [])) { $0.results = [] }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Expected: the change the assert closure declares.")
        && text.contains("Happened: the state did not change.")
        && text.contains("Fix: remove the closure")
    }
  }

  @Test func aWrongClosureFailsWithTheFieldPath() async throws {
    let store = SampleHarness().store(.on)

    await withKnownIssue {
      await store.send(.typed("swift")) {
        $0.query = "swift"
        $0.pending = "swiftly"
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Expected: the state the assert closure declares.")
        && text.contains("Happened: the state differs, field by field:")
        && text.contains("pending") && text.contains("- expected: \"swiftly\"")
        && text.contains("+ actual:   \"swift\"")
    }
    await withKnownIssue { await store.finish() }
  }

  @Test func receiveFailsWhenTheNextEventIsAnotherOne() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)
    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.advance(by: .milliseconds(300))

    await withKnownIssue {
      await store.receive(.loaded("swift", []))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("receive failed.\n  Expected: .loaded(\"swift\", []).")
        && text.contains("Happened: the next event sent by an effect was .debounced(\"swift\")")
        && text.contains("Fix: receive events in the order effects sent them")
    }
    await withKnownIssue { await store.finish() }
  }

  @Test func receiveFailsAtOnceWhenTheStoreIsQuiet() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)
    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }

    await withKnownIssue {
      await store.receive(.debounced("swift"), timeout: .seconds(30))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("no event sent by an effect is waiting, and the store is quiet")
        && text.contains("advance the test clock")
    }
    await withKnownIssue { await store.finish() }
  }

  @Test func finishNamesTheUnclaimedEventAndTheRunningEffect() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)
    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.advance(by: .milliseconds(300))

    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("events sent by effects and not received:")
        && text.contains(
          ".debounced(\"swift\"), sent by effect of feedback `debounce` (generation 0), "
            + "started by send(.typed(\"swift\")) at LoopTestingTests/TestStoreFailureTests.swift:")
        && text.contains("effects still running:")
        && text.contains("effect of feedback `search` (generation 0) is awaiting ControlledWork")
        && text.contains("  Fix: claim each event")
    }
  }

  @Test func finishListsTheRunningEffectsInTheOrderTheyStarted() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)
    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.send(.watch(true)) { $0.isWatching = true }

    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      let text = message(of: issue)
      guard
        let debounce = text.range(
          of: "effect of feedback `debounce` (generation 0) is sleeping on the TestClock"),
        let ticker = text.range(of: "effect of feedback `ticker` (generation 0) is awaiting")
      else { return false }
      return debounce.lowerBound < ticker.lowerBound
    }
  }

  @Test func theEndOfAnExhaustiveTestFailsWithoutFinishAtTheSendThatStartedTheEffect()
    async throws
  {
    let harness = SampleHarness()
    let sendLine = #line + 3
    await withKnownIssue {
      let store = harness.store(.on)
      await store.send(.typed("swift")) {
        $0.query = "swift"
        $0.pending = "swift"
      }
      await store.settle()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("The exhaustive TestStore ended with work unaccounted for")
        && text.contains(
          "effect of feedback `debounce` (generation 0) is sleeping on the TestClock")
        && text.contains("started by send(.typed(\"swift\")) at")
        // Reported at the send that started the effect, not where the store was made.
        && issue.sourceLocation?.line == sendLine
    }
  }

  @Test func theEndOfAnExhaustiveTestFailsOnASendReducedAfterItReturnedThatChangedTheState()
    async throws
  {
    // The cancellation handler of `hold` sends `.bump` from inside the send of `.off`, while
    // the store is still carrying out `.off`: so `.bump` is queued, and reduced only after
    // its own send returned. Nothing the test calls afterwards checks it; the end does.
    let clock = TestClock()
    let onCancel = CancelHook()
    let bumpLine = #line + 8
    await withKnownIssue {
      let store = TestStore(
        initial: Holder(), reducer: Holder.reducer, feedbacks: [Holder.hold(on: clock, onCancel)],
        clock: clock)
      await store.send(.on) { $0.isOn = true }
      onCancel.set { [weak store] in
        guard let store else { return }
        store.send(.bump)
      }
      await store.send(.off) { $0.isOn = false }
      #expect(store.state == Holder(isOn: false, bumps: 1))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("send(.bump) failed.")
        && text.contains("Expected: no change, since no assert closure declares one.")
        && text.contains("bumps\n  - expected: 0\n  + actual:   1")
        && text.contains("Fix: pass a closure that makes these changes: send(.bump) { ... }.")
        && issue.sourceLocation?.line == bumpLine
    }
  }

  @Test func sendingBeforeReceivingFailsNamingTheEvent() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)
    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.advance(by: .milliseconds(300))

    await withKnownIssue {
      await store.send(.watch(true)) { $0.isWatching = true }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Expected: every event effects sent before it received first.")
        && text.contains(
          "1 event(s) sent by effects were not received:\n      .debounced(\"swift\")")
    }
    await withKnownIssue { await store.finish() }
  }

  @Test func advanceFailsWhenTheStoreHasNoClock() async throws {
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { state, event in state += event }, feedbacks: [],
      exhaustivity: .off)

    await withKnownIssue {
      await store.advance(by: .seconds(1))
    } matching: { issue in
      message(of: issue).contains(
        "pass it when making the store: TestStore(initial:machine:clock:)")
    }
  }

  @Test func settleTimesOutNamingAnEffectThatWaitsOnSomethingReal() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state += event },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      exhaustivity: .off)

    await withKnownIssue {
      await store.settle(timeout: .milliseconds(20))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("settle() failed.")
        && text.contains("Happened: it went 0.02 seconds without any change and is still busy.")
        && text.contains(
          "effect of feedback `subscription` (generation 0) is running, not waiting on a test instrument"
        )
        && text.contains("is waited on with `waitForCurrentState`")
    }
    continuation.finish()
  }

  /// Continuations an effect waits on without looking at cancellation, resumed at the end.
  private final class Stubborn: Sendable {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    func wait() async { await withCheckedContinuation { c in waiting.withLock { $0.append(c) } } }
    func releaseAll() { for c in waiting.withLock({ $0 }) { c.resume() } }
  }

  @Test func settleTimesOutNamingAnEffectThatIgnoresItsCancellation() async throws {
    let stubborn = Stubborn()
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [
        .onChange(
          of: { $0 }, name: "stubborn",
          effect: { _ in
            await stubborn.wait()
            return nil
          })
      ],
      exhaustivity: .off)
    store.send(1)
    store.send(2)  // generation 0 is cancelled, and keeps waiting

    await withKnownIssue {
      await store.settle(timeout: .milliseconds(20))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("settle() failed.")
        && text.contains("`stubborn` (generation 0) was cancelled and has not ended yet")
        && text.contains("make the effect return when cancelled (it ignores cancellation)")
    }
    stubborn.releaseAll()
  }

  @Test func theNonExhaustiveModeFailsWhenAnAssertedFieldIsWrong() async throws {
    let store = SampleHarness().store(.off)

    await withKnownIssue {
      await store.send(.typed("swift")) { $0.query = "swift!" }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("query") && text.contains("- expected: \"swift!\"")
    }
  }

  @Test func waitTimesOutNamingTheBusyEffectWhenItNeverSettles() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state += event },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      exhaustivity: .off)

    await withKnownIssue {
      await store.wait(timeout: .milliseconds(20)) { $0 == 1 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("wait(until:) failed.")
        && text.contains("none came, and the store went 0.02 seconds without any change")
        && text.contains(
          "`subscription` (generation 0) is running, not waiting on a test instrument")
    }
    continuation.finish()
  }

  @Test func waitUntilTimesOutWhenTheStateNeverComes() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state += event },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      exhaustivity: .off)
    continuation.yield(1)

    await withKnownIssue {
      await store.waitForCurrentState(timeout: .milliseconds(20)) { $0 == 2 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("waitForCurrentState failed.")
        && text.contains("Expected: the current state to satisfy the predicate.")
        // The fix names what applies here, not this same call.
        && text.contains("give the wait a longer `timeout`")
        && !text.contains("waited on with `waitForCurrentState`")
    }
    continuation.finish()
  }

  @Test func aWaitAfterWaitForCurrentStateLooksOnlyFromTheStateThatMatched() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)
    store.send(.typed("swift"))  // state [1]
    await store.advance(by: .milliseconds(300))  // [2] .debounced: the request is in flight
    harness.work.succeed(0, with: ["Swift"])  // [3] .loaded
    await store.waitForCurrentState { $0.results == ["Swift"] }

    // Only state [2] had the request in flight, and the wait before matched state [3].
    await withKnownIssue {
      await store.wait { $0.request == "swift" }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("a state at or after the last waypoint (state [3])")
        && text.contains("Happened: state [2] satisfies it, but it came before the last waypoint")
    }
  }

  /// A receive that finds nothing shows the trajectory from the last event received on,
  /// that event's own state included.
  @Test func aReceiveThatFindsNothingShowsTheTrajectoryFromTheLastEventReceived() async {
    let store = TestStore(
      initial: 0,
      reducer: Reducer<Int, Int> { state, event in state = event },
      feedbacks: [.onChange(of: { $0 == 1 ? 1 : nil }, name: "echo") { _ in 10 }])
    await store.send(1) { $0 = 1 }
    await store.receive(10) { $0 = 10 }

    await withKnownIssue {
      await store.receive(20)
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Trajectory from state [2]:")
        && text.contains("[2] 10, sent by effect of feedback `echo` (generation 0)")
    }
  }

  @Test func aWaitForAStateThatCameBeforeTheLastWaypointSaysSoAndShowsIt() async throws {
    let store = SampleHarness().store(.off)
    store.send(.typed("swift"))
    store.send(.typed("swiftly"))
    await store.wait { $0.query == "swiftly" }

    await withKnownIssue {
      await store.wait { $0.query == "swift" }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Happened: state [1] satisfies it, but it came before the last waypoint")
        && text.contains("Trajectory from state [1]:")
        && text.contains("[1] .typed(\"swift\"), sent by the test")
        && text.contains("Fix: waits are waypoints in order and never look back")
    }
    await store.settle()
  }
}

/// A switch whose effect holds while it is on, and a counter: the smallest machine whose
/// effect is cancelled by a send.
private struct Holder: Hashable, Sendable {
  enum Event: Hashable, Sendable {
    case on, off, bump
  }

  var isOn = false
  var bumps = 0

  /// The hold's query: an effect runs while the switch is on.
  var holding: Bool? { isOn ? true : nil }

  static let reducer = Reducer<Holder, Event> { state, event in
    switch event {
    case .on: state.isOn = true
    case .off: state.isOn = false
    case .bump: state.bumps += 1
    }
  }

  /// Sleeps on `clock` while the switch is on; its cancellation calls the hook in `onCancel`,
  /// once.
  static func hold(
    on clock: TestClock, _ onCancel: CancelHook
  ) -> Feedback<Holder, Event> {
    .onChange(of: \.holding, name: "hold") { _ in
      await withTaskCancellationHandler {
        try? await clock.sleep(for: .seconds(1))
      } onCancel: {
        onCancel.fire()
      }
      return nil
    }
  }
}

/// What a cancellation handler calls: set by the test, called at most once.
private final class CancelHook: Sendable {
  private let hook = Mutex<(@Sendable () -> Void)?>(nil)

  func set(_ body: @escaping @Sendable () -> Void) {
    hook.withLock { $0 = body }
  }

  /// Calls the hook set, if any, and forgets it.
  func fire() {
    hook.withLock { hook in
      defer { hook = nil }
      return hook
    }?()
  }
}
