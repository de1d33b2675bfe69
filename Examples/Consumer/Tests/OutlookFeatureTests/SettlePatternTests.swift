import Loop
import LoopTesting
import OutlookFeature
import Testing

/// Seed 002 (an MVI app's testing matrix): settle for pipelines, poll for subscriptions.
///
/// Also one fixture set, and doubles configured at construction. Each pattern once per
/// TestStore mode.
@Suite(.timeLimit(.minutes(1)))
struct SettlePatternTests {
  // Seed 002, "Testing the loop" (request-shaped flows settle) and "Doubles, by layer" (one
  // fixture set): settle waits for the effects the effects' events started too.
  @Test func settleWithTheOneFixtureSetInDestinationMode() async {
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.appeared)
    await store.settle()

    #expect(store.state.place == Fixtures.savedPlace)
    #expect(store.state.forecast == Fixtures.forecasts[Fixtures.savedPlace])
  }

  // Seed 002, "Testing the loop" (request-shaped flows settle) and "Doubles, by layer" (one
  // fixture set): settle waits for the effects the effects' events started too.
  @Test func settleWithTheOneFixtureSetInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.appeared) {
      $0.restoration = .restoring
    }
    await store.settle()

    #expect(store.state.place == Fixtures.savedPlace)
    #expect(store.state.forecast == Fixtures.forecasts[Fixtures.savedPlace])
    await store.receive(.restored(Fixtures.savedPlace)) {
      $0.restoration = .done
      $0.query = Fixtures.savedPlace
      $0.place = Fixtures.savedPlace
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: Fixtures.savedPlace, id: 1))
    }
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 002, "Doubles, by layer": a stub is a value configured with its result at
  // construction; no shared state, no expectations DSL.
  @Test func stubConfiguredAtConstructionInDestinationMode() async {
    var service = ForecastService.fixtures
    service.forecast = { _ in throw ForecastError.unavailable }
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: service, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.refresh)
    await store.settle()

    #expect(store.state.load == .failed(ForecastError.unavailable.userMessage))
  }

  // Seed 002, "Doubles, by layer": a stub is a value configured with its result at
  // construction; no shared state, no expectations DSL.
  @Test func stubConfiguredAtConstructionInExhaustiveMode() async {
    var service = ForecastService.fixtures
    service.forecast = { _ in throw ForecastError.unavailable }
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: service, places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await store.receive(.failed(ForecastError.unavailable.userMessage)) {
      $0.load = .failed(ForecastError.unavailable.userMessage)
    }
    await store.finish()
  }

  // Seed 002, "Testing the loop": stream-fed stores never settle, so drive the stub and poll;
  // end the stub's streams (finishAllStreams) when the store must settle.
  @Test func pollSubscriptionsThatNeverSettleInDestinationMode() async {
    let feed = BroadcastFeed()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .broadcasting(feed), places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.watch(true))
    feed.publish(.rain)
    await store.waitForCurrentState { $0.forecast == .rain }

    feed.finishAllStreams()
    await store.settle()
    #expect(store.state.forecast == .rain)
  }

  // Seed 002, "Testing the loop": stream-fed stores never settle, so drive the stub and poll;
  // end the stub's streams (finishAllStreams) when the store must settle.
  @Test func pollSubscriptionsThatNeverSettleInExhaustiveMode() async {
    let feed = BroadcastFeed()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .broadcasting(feed), places: .fixtures, clock: TestClock()))

    await store.send(.watch(true)) {
      $0.isWatching = true
    }
    feed.publish(.rain)
    await store.waitForCurrentState { $0.forecast == .rain }
    await store.receive(.updated(.rain)) {
      $0.forecast = .rain
    }

    feed.finishAllStreams()
    await store.finish()
  }
}
