import Loop
import LoopTesting
import OutlookFeature
import Testing

/// Seed 004 (Cogs' testing chapter), "Controlling async work": the work is an instrument.
///
/// It announces each generation on `starts` and completes exactly the generation named. Also
/// tests that await what an effect feeds them. Each pattern once per TestStore mode.
@Suite(.timeLimit(.minutes(1)))
struct InstrumentPatternTests {
  // Seed 004, "Controlling async work": await `starts`, then complete that generation.
  @Test func controlledWorkStartsInDestinationMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var starts = work.starts.makeAsyncIterator()

    store.send(.refresh)
    #expect(await starts.next() == 0)
    work.succeed(0, with: .sunny)

    await store.wait { $0.forecast == .sunny }
  }

  // Seed 004, "Controlling async work": await `starts`, then complete that generation.
  @Test func controlledWorkStartsInExhaustiveMode() async {
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

    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 004, "Controlling async work" warns that a completion made before the generation is
  // installed is lost; here the send has started it, so completing without awaiting works.
  @Test func completingWithoutAwaitingStartsInDestinationMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.refresh)
    work.succeed(0, with: .sunny)

    await store.wait { $0.forecast == .sunny }
  }

  // Seed 004, "Controlling async work" warns that a completion made before the generation is
  // installed is lost; here the send has started it, so completing without awaiting works.
  @Test func completingWithoutAwaitingStartsInExhaustiveMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    work.succeed(0, with: .sunny)

    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 004, "Controlling async work": generation indexing keeps a superseded completion
  // from being mistaken for the current one.
  @Test func controlledWorkGenerationsInDestinationMode() async {
    let work = ControlledWork<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .answering(work), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var starts = work.starts.makeAsyncIterator()

    store.send(.refresh)
    #expect(await starts.next() == 0)
    store.send(.refresh)
    #expect(await starts.next() == 1)
    work.succeed(0, with: .rain)
    work.succeed(1, with: .sunny)

    await store.wait { $0.load == .idle }
    #expect(store.state.forecast == .sunny)
    #expect(work.droppedCompletions == [0])
  }

  // Seed 004, "Controlling async work": generation indexing keeps a superseded completion
  // from being mistaken for the current one.
  @Test func controlledWorkGenerationsInExhaustiveMode() async {
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
    await store.send(.refresh) {
      $0.requests = 2
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 2))
    }
    #expect(await starts.next() == 1)
    work.succeed(0, with: .rain)
    work.succeed(1, with: .sunny)

    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
    #expect(work.droppedCompletions == [0])
  }

  // Seed 004, "Controlling async work": for ControlledStream, awaiting `starts` is how a test
  // proves a particular generation went live; then drive it with `yield`.
  @Test func controlledStreamStartsInDestinationMode() async {
    let updates = ControlledStream<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .following(updates), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var starts = updates.starts.makeAsyncIterator()

    store.send(.watch(true))
    #expect(await starts.next() == 0)
    updates.yield(0, .rain)

    await store.wait { $0.forecast == .rain }
  }

  // Seed 004, "Controlling async work": for ControlledStream, awaiting `starts` is how a test
  // proves a particular generation went live; then drive it with `yield`.
  @Test func controlledStreamStartsInExhaustiveMode() async {
    let updates = ControlledStream<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .following(updates), places: .fixtures, clock: TestClock()))
    var starts = updates.starts.makeAsyncIterator()

    await store.send(.watch(true)) {
      $0.isWatching = true
    }
    #expect(await starts.next() == 0)
    updates.yield(0, .rain)

    await store.receive(.updated(.rain)) {
      $0.forecast = .rain
    }
    updates.finishAll()
    await store.finish()
  }

  // Seed 004, "Controlling async work": a new place replaces the subscription; what the test
  // sends to the superseded generation is dropped.
  @Test func controlledStreamGenerationsInDestinationMode() async {
    let clock = TestClock()
    let updates = ControlledStream<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .following(updates), places: .fixtures, clock: clock),
      clock: clock, exhaustivity: .off)
    var starts = updates.starts.makeAsyncIterator()

    store.send(.watch(true))
    #expect(await starts.next() == 0)
    store.send(.placeChanged("Ironvale"))
    await clock.advance(by: Outlook.debounce)
    #expect(await starts.next() == 1)
    updates.yield(0, .sunny)
    updates.yield(1, .rain)

    await store.wait { $0.place == "Ironvale" && $0.forecast == .rain }
    #expect(updates.droppedElements == [0: 1])
  }

  // Seed 004, "Controlling async work": a new place replaces the subscription; what the test
  // sends to the superseded generation is dropped.
  @Test func controlledStreamGenerationsInExhaustiveMode() async {
    let clock = TestClock()
    let updates = ControlledStream<Forecast>()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .following(updates), places: .fixtures, clock: clock),
      clock: clock)
    var starts = updates.starts.makeAsyncIterator()

    await store.send(.watch(true)) {
      $0.isWatching = true
    }
    #expect(await starts.next() == 0)
    await store.send(.placeChanged("Ironvale")) {
      $0.query = "Ironvale"
      $0.load = .debouncing("Ironvale")
    }
    await clock.advance(by: Outlook.debounce)
    await store.receive(.debounced("Ironvale")) {
      $0.place = "Ironvale"
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Ironvale", id: 1))
    }
    await store.receive(.loaded(.cloudy)) {
      $0.load = .idle
      $0.forecast = .cloudy
    }
    #expect(await starts.next() == 1)
    updates.yield(0, .sunny)
    updates.yield(1, .rain)

    await store.receive(.updated(.rain)) {
      $0.forecast = .rain
    }
    updates.finishAll()
    await store.finish()
    #expect(updates.droppedElements == [0: 1])
  }

  // Seed 000, "Substitute Dependencies With Test Doubles" (a spy on the fetch), awaited: the
  // test awaits a stream the effect feeds, right after the send.
  @Test func awaitedSpyInDestinationMode() async {
    let (requests, request) = AsyncStream.makeStream(of: String.self)
    var service = ForecastService.fixtures
    service.forecast = { place in
      request.yield(place)
      return try await ForecastService.fixtures.forecast(place)
    }
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: service, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)
    var asked = requests.makeAsyncIterator()

    store.send(.refresh)
    #expect(await asked.next() == "Harrow")

    await store.wait { $0.forecast == .sunny }
  }

  // Seed 000, "Substitute Dependencies With Test Doubles" (a spy on the fetch), awaited: the
  // test awaits a stream the effect feeds, right after the send.
  @Test func awaitedSpyInExhaustiveMode() async {
    let (requests, request) = AsyncStream.makeStream(of: String.self)
    var service = ForecastService.fixtures
    service.forecast = { place in
      request.yield(place)
      return try await ForecastService.fixtures.forecast(place)
    }
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: service, places: .fixtures, clock: TestClock()))
    var asked = requests.makeAsyncIterator()

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    #expect(await asked.next() == "Harrow")

    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 000, "Substitute Dependencies With Test Doubles": a CallLog spy read right after the
  // send, with no store wait in between.
  @Test func spyReadAfterSendInDestinationMode() async {
    let calls = CallLog<String>()
    var service = ForecastService.fixtures
    service.forecast = calls.recording { place in try await ForecastService.fixtures.forecast(place)
    }
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: service, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.refresh)
    #expect(calls.arguments == ["Harrow"])

    await store.wait { $0.forecast == .sunny }
  }

  // Seed 000, "Substitute Dependencies With Test Doubles": a CallLog spy read right after the
  // send, with no store wait in between.
  @Test func spyReadAfterSendInExhaustiveMode() async {
    let calls = CallLog<String>()
    var service = ForecastService.fixtures
    service.forecast = calls.recording { place in try await ForecastService.fixtures.forecast(place)
    }
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: service, places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    #expect(calls.arguments == ["Harrow"])

    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }
}
