import Loop
import LoopTesting
import OutlookFeature
import Testing

/// The misuses the seed documents warn about: each fails at once (or after the one-second
/// guard of a busy store, never a hang), with a message that says what to write instead.
@Suite(.timeLimit(.minutes(1)))
struct MisuseFailureTests {
  // Seed 004, "Controlling async work": complete exactly the generation named; naming one the
  // machine has not started is reported, with the generations that did.
  @Test func completingAGenerationNotStartedFailsInDestinationMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var starts = work.starts.makeAsyncIterator()

    store.send(.refresh)
    #expect(await starts.next() == 0)
    withKnownIssue {
      work.succeed(1, with: .sunny)
    } matching: { issue in
      says(issue, "generation 1, which has not started", "only generation 0", "Fix: await `starts`")
    }
    work.succeed(0, with: .sunny)
    await store.wait { $0.forecast == .sunny }
  }

  // Seed 004, "Controlling async work": complete exactly the generation named; naming one the
  // machine has not started is reported, with the generations that did.
  @Test func completingAGenerationNotStartedFailsInExhaustiveMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()))
    var starts = work.starts.makeAsyncIterator()

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    #expect(await starts.next() == 0)
    withKnownIssue {
      work.succeed(1, with: .sunny)
    } matching: { issue in
      says(issue, "generation 1, which has not started", "only generation 0", "Fix: await `starts`")
    }
    work.succeed(0, with: .sunny)
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 004, "Controlling async work": a stream buffers early elements only once its
  // generation went live; yielding to one that has not started is reported.
  @Test func yieldingToAStreamNotStartedFailsInDestinationMode() async {
    let updates = ControlledStream<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .following(updates), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var starts = updates.starts.makeAsyncIterator()

    store.send(.watch(true))
    #expect(await starts.next() == 0)
    withKnownIssue {
      updates.yield(1, .rain)
    } matching: { issue in
      says(issue, "generation 1, which has not started", "Fix: await `starts`")
    }
    updates.yield(0, .rain)
    await store.wait { $0.forecast == .rain }
  }

  // Seed 004, "Controlling async work": a stream buffers early elements only once its
  // generation went live; yielding to one that has not started is reported.
  @Test func yieldingToAStreamNotStartedFailsInExhaustiveMode() async {
    let updates = ControlledStream<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .following(updates), places: .fixtures, clock: TestClock()))
    var starts = updates.starts.makeAsyncIterator()

    await store.send(.watch(true)) {
      $0.isWatching = true
    }
    #expect(await starts.next() == 0)
    withKnownIssue {
      updates.yield(1, .rain)
    } matching: { issue in
      says(issue, "generation 1, which has not started", "Fix: await `starts`")
    }
    updates.yield(0, .rain)
    await store.receive(.updated(.rain)) {
      $0.forecast = .rain
    }
    updates.finishAll()
    await store.finish()
  }

  // Seed 004, "Controlling async work": each generation is completed once; a second
  // completion is reported with where the first was made.
  @Test func completingAGenerationTwiceFailsInDestinationMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var starts = work.starts.makeAsyncIterator()

    store.send(.refresh)
    #expect(await starts.next() == 0)
    work.succeed(0, with: .sunny)
    withKnownIssue {
      work.succeed(0, with: .rain)
    } matching: { issue in
      says(issue, "already over", "Fix: complete generation 0 once")
    }
    await store.wait { $0.forecast == .sunny }
  }

  // Seed 004, "Controlling async work": each generation is completed once; a second
  // completion is reported with where the first was made.
  @Test func completingAGenerationTwiceFailsInExhaustiveMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()))
    var starts = work.starts.makeAsyncIterator()

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    #expect(await starts.next() == 0)
    work.succeed(0, with: .sunny)
    withKnownIssue {
      work.succeed(0, with: .rain)
    } matching: { issue in
      says(issue, "already over", "Fix: complete generation 0 once")
    }
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 000, "Time Is The Consumer's Concern": a wait written before the advance fails at
  // once (the store is quiet), naming the clock to advance.
  @Test func waitingBeforeAdvancingFailsInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("Ironvale"))
    await withKnownIssue {
      await store.wait { $0.forecast == .cloudy }
    } matching: { issue in
      says(issue, "wait(until:) failed", "Fix: advance the test clock")
    }
  }

  // Seed 000, "Time Is The Consumer's Concern": a wait written before the advance fails at
  // once (the store is quiet), naming the clock to advance.
  @Test func waitingBeforeAdvancingFailsInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Ironvale")) {
      $0.query = "Ironvale"
      $0.load = .debouncing("Ironvale")
    }
    await withKnownIssue {
      await store.wait { $0.forecast == .cloudy }
    } matching: { issue in
      says(issue, "wait(until:) failed", "Fix: advance the test clock")
    }
    await store.send(.placeChanged("")) {
      $0.query = ""
      $0.load = .idle
    }
    await store.finish()
  }

  // Seed 000, "Ordered Waypoints When Order Is A Requirement": waits are waypoints in order;
  // one written after the state it waits for passed fails, saying to reorder.
  @Test func waypointsOutOfOrderFailInDestinationMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.refresh)
    await store.wait { $0.forecast == .sunny }
    await withKnownIssue {
      await store.wait { $0.load.request != nil }
    } matching: { issue in
      says(issue, "came before the last waypoint", "never look back")
    }
  }

  // Seed 000, "Ordered Waypoints When Order Is A Requirement": waits are waypoints in order;
  // one written after the state it waits for passed fails, saying to reorder.
  @Test func waypointsOutOfOrderFailInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await store.wait { $0.forecast == .sunny }
    await withKnownIssue {
      await store.wait { $0.load.request != nil }
    } matching: { issue in
      says(issue, "came before the last waypoint", "never look back")
    }
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 001, "send: declarar el estado": a change sent without a closure fails with the
  // diff and says to declare it.
  @Test func anUndeclaredChangeFailsInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    withKnownIssue {
      store.send(.watch(false))
      store.send(.placeChanged(""))
    } matching: { issue in
      says(issue, "- expected", "+ actual", "query", "Fix: pass a closure that makes these changes")
    }
    await store.finish()
  }

  // Seed 001, "send: declarar el estado": a closure on an event that changed nothing fails
  // too (hay closure si y solo si hubo mutación).
  @Test func aClosureWithoutAChangeFailsInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await withKnownIssue {
      await store.send(.refresh) {
        $0.load = .idle
      }
    } matching: { issue in
      says(issue, "the state did not change", "Fix: remove the closure")
    }
    await store.finish()
  }

  // Seed 001, "receive: no se puede tragar un efecto en silencio": an event nobody received
  // fails the end of the test, saying to receive it.
  @Test func anUnreceivedEventFailsInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      says(
        issue, "finish() failed", ".loaded(.sunny)",
        "claim each event with `await store.receive(...)`")
    }
  }

  // Seed 001, "receive" (el orden importa): receiving the second event before the first
  // fails, saying to receive them in order.
  @Test func receivingOutOfOrderFailsInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.appeared) {
      $0.restoration = .restoring
    }
    await withKnownIssue {
      await store.receive(.loaded(.sunny)) {
        $0.forecast = .sunny
      }
    } matching: { issue in
      says(issue, "receive failed", ".restored(\"Harrow\")", "receive events in the order")
    }
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 001, "Controlar el reloj" (send(.parar)): an effect left running at the end fails,
  // naming the feedback and what would end it.
  @Test func anEffectLeftRunningFailsInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Ironvale")) {
      $0.query = "Ironvale"
      $0.load = .debouncing("Ironvale")
    }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      says(issue, "effects still running", "`debounce`", "advance the test clock")
    }
  }

  // Seed 002, "Testing the loop": a stream-fed store never settles; settling it fails after
  // the busy store's one-second guard, saying to use waitForCurrentState.
  @Test func settlingASubscriptionFailsInDestinationMode() async {
    let feed = BroadcastFeed()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .broadcasting(feed), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.watch(true))
    await withKnownIssue {
      await store.settle()
    } matching: { issue in
      says(issue, "`updates`", "waitForCurrentState")
    }
    feed.finishAllStreams()
  }

  // Seed 002, "Testing the loop": a stream-fed store never settles; settling it fails after
  // the busy store's one-second guard, saying to use waitForCurrentState.
  @Test func settlingASubscriptionFailsInExhaustiveMode() async {
    let feed = BroadcastFeed()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .broadcasting(feed), places: .fixtures, clock: TestClock()))

    await store.send(.watch(true)) {
      $0.isWatching = true
    }
    await withKnownIssue {
      await store.settle()
    } matching: { issue in
      says(issue, "`updates`", "waitForCurrentState")
    }
    feed.finishAllStreams()
    await store.finish()
  }
}
