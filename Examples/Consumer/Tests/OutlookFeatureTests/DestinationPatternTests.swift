import Loop
import LoopTesting
import OutlookFeature
import Testing

/// Seed 000 (CombineFeedback testing): test the destination, not the journey.
///
/// Each pattern once per TestStore mode: destination (`exhaustivity: .off`) and exhaustive
/// (`.on`).
@Suite(.timeLimit(.minutes(1)))
struct DestinationPatternTests {
  // Seed 000, "Tier 1 — Reducer Transition Tests": the reducer called directly, no store.
  @Test func reducerRowsRunDirectly() {
    var state = Outlook.State.harrow
    state.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    Outlook.reducer(&state, .loaded(.sunny))
    #expect(state.load == .idle)
    #expect(state.forecast == .sunny)
  }

  // Seed 000, "Tier 2 — TestStore Destination Tests": send, wait for the destination, assert.
  @Test func destinationWaitInDestinationMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.refresh)
    await store.wait { $0.load == .idle && $0.forecast != .unknown }

    #expect(store.state.forecast == .sunny)
  }

  // Seed 000, "Tier 2 — TestStore Destination Tests": send, wait for the destination, assert.
  @Test func destinationWaitInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await store.wait { $0.load == .idle && $0.forecast != .unknown }
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }

    #expect(store.state.forecast == .sunny)
    await store.finish()
  }

  // Seed 000, "Substitute Dependencies With Test Doubles": the harness asserts state, the
  // double asserts calls ("debounced/deduped exactly once").
  @Test func spyCountsCallsInDestinationMode() async {
    let clock = TestClock()
    let calls = CallLog<String>()
    var service = ForecastService.fixtures
    service.forecast = calls.recording { place in try await ForecastService.fixtures.forecast(place)
    }
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: service, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("Iron"))
    await store.advance(by: .milliseconds(100))
    store.send(.placeChanged("Ironvale"))
    await store.advance(by: Outlook.debounce)
    await store.wait { $0.load == .idle && $0.forecast != .unknown }

    #expect(store.state.forecast == .cloudy)
    #expect(calls.arguments == ["Ironvale"])
  }

  // Seed 000, "Substitute Dependencies With Test Doubles": the harness asserts state, the
  // double asserts calls ("debounced/deduped exactly once").
  @Test func spyCountsCallsInExhaustiveMode() async {
    let clock = TestClock()
    let calls = CallLog<String>()
    var service = ForecastService.fixtures
    service.forecast = calls.recording { place in try await ForecastService.fixtures.forecast(place)
    }
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: service, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Iron")) {
      $0.query = "Iron"
      $0.load = .debouncing("Iron")
    }
    await store.advance(by: .milliseconds(100))
    await store.send(.placeChanged("Ironvale")) {
      $0.query = "Ironvale"
      $0.load = .debouncing("Ironvale")
    }
    await store.advance(by: Outlook.debounce)
    await store.receive(.debounced("Ironvale")) {
      $0.place = "Ironvale"
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Ironvale", id: 1))
    }
    await store.receive(.loaded(.cloudy)) {
      $0.load = .idle
      $0.forecast = .cloudy
    }
    await store.finish()

    #expect(calls.arguments == ["Ironvale"])
  }

  // Seed 000, "Ordered Waypoints When Order Is A Requirement": the spinner, then the data.
  @Test func orderedWaypointsInDestinationMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.refresh)
    await store.wait { $0.load.request != nil }  // the spinner must appear...
    await store.wait { $0.load == .idle }  // ...before data lands

    #expect(store.state.forecast == .sunny)
  }

  // Seed 000, "Ordered Waypoints When Order Is A Requirement": the spinner, then the data.
  @Test func orderedWaypointsInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.refresh) {
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await store.wait { $0.load.request != nil }  // the spinner must appear...
    await store.wait { $0.load == .idle }  // ...before data lands
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 000, "Time Is The Consumer's Concern": advance the clock BEFORE awaiting the state.
  @Test func advanceBeforeAwaitingInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("Gull Point"))
    await clock.advance(by: Outlook.debounce)  // advance BEFORE awaiting
    await store.wait { $0.forecast == .rain }

    #expect(store.state.place == "Gull Point")
  }

  // Seed 000, "Time Is The Consumer's Concern": advance the clock BEFORE awaiting the state.
  @Test func advanceBeforeAwaitingInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Gull Point")) {
      $0.query = "Gull Point"
      $0.load = .debouncing("Gull Point")
    }
    await clock.advance(by: Outlook.debounce)  // advance BEFORE awaiting
    await store.wait { $0.forecast == .rain }
    await store.receive(.debounced("Gull Point")) {
      $0.place = "Gull Point"
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Gull Point", id: 1))
    }
    await store.receive(.loaded(.rain)) {
      $0.load = .idle
      $0.forecast = .rain
    }
    await store.finish()
  }

  // Seed 000, "Failure Diagnostics" (the observed trajectory), and seed 004, "Registering
  // mid-test" (a watch of every status): the journey, read from `states` and `steps`.
  @Test func trajectoryInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("Harrow"))
    await store.advance(by: Outlook.debounce)
    await store.wait { $0.forecast == .sunny }

    #expect(
      store.states.map(\.load) == [
        .idle, .debouncing("Harrow"), .loading(Outlook.Request(place: "Harrow", id: 1)), .idle,
      ])
    #expect(
      store.steps.map(\.origin) == [
        .test, .effect(feedback: "debounce", generation: 0),
        .effect(feedback: "load", generation: 0),
      ])
    #expect(store.steps.map(\.isFromTest) == [true, false, false])
  }

  // Seed 000, "Failure Diagnostics" (the observed trajectory), and seed 004, "Registering
  // mid-test" (a watch of every status): the journey, read from `states` and `steps`.
  @Test func trajectoryInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State(restoration: .done),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Harrow")) {
      $0.query = "Harrow"
      $0.load = .debouncing("Harrow")
    }
    await store.advance(by: Outlook.debounce)
    await store.receive(.debounced("Harrow")) {
      $0.place = "Harrow"
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await store.receive(.loaded(.sunny)) {
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()

    #expect(
      store.states.map(\.load) == [
        .idle, .debouncing("Harrow"), .loading(Outlook.Request(place: "Harrow", id: 1)), .idle,
      ])
    #expect(
      store.steps.map(\.origin) == [
        .test, .effect(feedback: "debounce", generation: 0),
        .effect(feedback: "load", generation: 0),
      ])
    #expect(store.steps.map(\.isFromTest) == [true, false, false])
  }
}
