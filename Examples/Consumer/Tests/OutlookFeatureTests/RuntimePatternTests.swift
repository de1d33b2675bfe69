import Loop
import LoopTesting
import OutlookFeature
import Testing

/// Seed 004 (Cogs' testing chapter): one isolated runtime per test, seeding versus mechanisms.
///
/// Time is injected and its timers counted. Each pattern once per TestStore mode.
@Suite(.timeLimit(.minutes(1)))
struct RuntimePatternTests {
  // Seed 004, "One isolated runtime per test": this test's own store, driven through the
  // events production sends, asserted through its state.
  @Test func oneRuntimePerTestInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("Gull Point"))
    store.send(.placeChanged("  "))
    await store.advance(by: Outlook.debounce)

    #expect(store.state.load == .idle)
    #expect(store.state.place == "Harrow")
  }

  // Seed 004, "One isolated runtime per test": this test's own store, driven through the
  // events production sends, asserted through its state.
  @Test func oneRuntimePerTestInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Gull Point")) {
      $0.query = "Gull Point"
      $0.load = .debouncing("Gull Point")
    }
    await store.send(.placeChanged("  ")) {
      $0.query = "  "
      $0.load = .idle
    }
    await store.advance(by: Outlook.debounce)
    await store.finish()

    #expect(store.state.place == "Harrow")
  }

  // Seed 004, "Seeding versus mechanisms" (seeding): the initial state places the world in a
  // starting position; no restoration runs, nothing reacts.
  @Test func seedingInDestinationMode() async {
    let restores = CallLog<Void>()
    let places = PlaceStore(
      load: {
        restores.record(())
        return "Gull Point"
      }, save: { _ in })
    let seeded = Outlook.State(
      query: "Ironvale", place: "Ironvale", restoration: .done, forecast: .cloudy)
    let store = TestStore(
      initial: seeded,
      machine: Outlook(service: .fixtures, places: places, clock: TestClock()),
      exhaustivity: .off)

    store.send(.appeared)
    await store.settle()

    #expect(store.state == seeded)
    #expect(restores.count == 0)
  }

  // Seed 004, "Seeding versus mechanisms" (seeding): the initial state places the world in a
  // starting position; no restoration runs, nothing reacts.
  @Test func seedingInExhaustiveMode() async {
    let restores = CallLog<Void>()
    let places = PlaceStore(
      load: {
        restores.record(())
        return "Gull Point"
      }, save: { _ in })
    let seeded = Outlook.State(
      query: "Ironvale", place: "Ironvale", restoration: .done, forecast: .cloudy)
    let store = TestStore(
      initial: seeded,
      machine: Outlook(service: .fixtures, places: places, clock: TestClock()))

    store.send(.appeared)
    await store.finish()

    #expect(restores.count == 0)
  }

  // Seed 004, "Seeding versus mechanisms" (mechanisms): the production restore and save
  // mechanisms run, with doubles for their capabilities.
  @Test func mechanismsInDestinationMode() async {
    let clock = TestClock()
    let saved = CallLog<String>()
    let places = PlaceStore(load: { nil }, save: saved.recording { _ in })
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: places, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.appeared)
    await store.wait { $0.restoration == .done }
    store.send(.placeChanged("Gull Point"))
    await store.advance(by: Outlook.debounce)
    await store.wait { $0.forecast == .rain }

    #expect(saved.arguments == ["Gull Point"])
  }

  // Seed 004, "Seeding versus mechanisms" (mechanisms): the production restore and save
  // mechanisms run, with doubles for their capabilities.
  @Test func mechanismsInExhaustiveMode() async {
    let clock = TestClock()
    let saved = CallLog<String>()
    let places = PlaceStore(load: { nil }, save: saved.recording { _ in })
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: places, clock: clock), clock: clock)

    await store.send(.appeared) {
      $0.restoration = .restoring
    }
    await store.receive(.restored(nil)) {
      $0.restoration = .done
    }
    await store.send(.placeChanged("Gull Point")) {
      $0.query = "Gull Point"
      $0.load = .debouncing("Gull Point")
    }
    await store.advance(by: Outlook.debounce)
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

    #expect(saved.arguments == ["Gull Point"])
  }

  // Seed 004, "Time is injected": activeSleeperCount and maximumActiveSleeperCount tell one
  // renewed timer from timers that quietly accumulated.
  @Test func sleeperCountsInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("G"))
    await store.advance(by: .milliseconds(100))
    store.send(.placeChanged("Gull"))
    await store.advance(by: .milliseconds(100))
    store.send(.placeChanged("Gull Point"))
    await store.settle()

    #expect(clock.activeSleeperCount == 1)
    #expect(clock.maximumActiveSleeperCount == 1)
    await store.advance(by: Outlook.debounce)
    #expect(clock.activeSleeperCount == 0)
    #expect(store.state.forecast == .rain)
  }

  // Seed 004, "Time is injected": activeSleeperCount and maximumActiveSleeperCount tell one
  // renewed timer from timers that quietly accumulated.
  @Test func sleeperCountsInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("G")) {
      $0.query = "G"
      $0.load = .debouncing("G")
    }
    await store.advance(by: .milliseconds(100))
    await store.send(.placeChanged("Gull")) {
      $0.query = "Gull"
      $0.load = .debouncing("Gull")
    }
    await store.advance(by: .milliseconds(100))
    await store.send(.placeChanged("Gull Point")) {
      $0.query = "Gull Point"
      $0.load = .debouncing("Gull Point")
    }
    await store.settle()

    #expect(clock.activeSleeperCount == 1)
    #expect(clock.maximumActiveSleeperCount == 1)
    await store.advance(by: Outlook.debounce)
    #expect(clock.activeSleeperCount == 0)
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
}
