import Loop
import LoopTesting
import OutlookFeature
import Testing

/// Seed 001 (TCA's exhaustive TestStore): declare the state, claim every event, in order.
///
/// Time is under the test's control. Each pattern once per TestStore mode.
@Suite(.timeLimit(.minutes(1)))
struct ExhaustivePatternTests {
  // Seed 001, "send: declarar el estado, no observarlo": the closure predicts the new state;
  // like `send(.parar)`, clearing the field stops the debounce it started.
  @Test func sendDeclaresTheStateInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Ironvale")) {
      $0.query = "Ironvale"
      $0.load = .debouncing("Ironvale")
    }
    await store.send(.placeChanged("")) {
      $0.query = ""
      $0.load = .idle
    }
    await store.finish()
  }

  // Seed 001, "send: declarar el estado, no observarlo": in destination mode the closure
  // checks only the fields it sets.
  @Test func sendDeclaresTheStateInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    await store.send(.placeChanged("Ironvale")) {
      $0.load = .debouncing("Ironvale")
    }
    await store.send(.placeChanged("")) {
      $0.load = .idle
    }
  }

  // Seed 001, "receive: no se puede tragar un efecto en silencio": every event an effect sends
  // is claimed, in order, with the state it made.
  @Test func receiveClaimsEveryEffectEventInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()))

    await store.send(.appeared) {
      $0.restoration = .restoring
    }
    await store.receive(.restored("Harrow")) {
      $0.restoration = .done
      $0.query = "Harrow"
      $0.place = "Harrow"
      $0.requests = 1
      $0.load = .loading(Outlook.Request(place: "Harrow", id: 1))
    }
    await store.receive(Outlook.Event.loaded) {  // the case, as TCA's \.datosRecibidos
      $0.load = .idle
      $0.forecast = .sunny
    }
    await store.finish()
  }

  // Seed 001, "receive: no se puede tragar un efecto en silencio": in destination mode
  // `receive` skips the events the test does not name.
  @Test func receiveClaimsEveryEffectEventInDestinationMode() async {
    let store = TestStore(
      initial: Outlook.State(),
      machine: Outlook(service: .fixtures, places: .fixtures, clock: TestClock()),
      exhaustivity: .off)

    store.send(.appeared)
    await store.receive(Outlook.Event.loaded) {  // the case, as TCA's \.datosRecibidos
      $0.forecast = .sunny
    }
  }

  // Seed 001, "Controlar el reloj y las dependencias": advance the TestClock, then receive
  // exactly what that advance released.
  @Test func testClockReleasesTheEventInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await store.send(.placeChanged("Gull Point")) {
      $0.query = "Gull Point"
      $0.load = .debouncing("Gull Point")
    }
    await clock.advance(by: Outlook.debounce)
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

  // Seed 001, "Controlar el reloj y las dependencias": advance the TestClock, then receive
  // exactly what that advance released.
  @Test func testClockReleasesTheEventInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    store.send(.placeChanged("Gull Point"))
    await clock.advance(by: Outlook.debounce - .milliseconds(1))
    #expect(store.state.load == .debouncing("Gull Point"))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.loaded(.rain)) {
      $0.forecast = .rain
    }
  }

  // Seed 001, "Controlar el reloj y las dependencias": ImmediateClock collapses every wait.
  @Test func immediateClockCollapsesWaitsInExhaustiveMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: ImmediateClock()))

    await store.send(.placeChanged("Ironvale")) {
      $0.query = "Ironvale"
      $0.load = .debouncing("Ironvale")
    }
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
  }

  // Seed 001, "Controlar el reloj y las dependencias": ImmediateClock collapses every wait.
  @Test func immediateClockCollapsesWaitsInDestinationMode() async {
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: ImmediateClock()),
      exhaustivity: .off)

    store.send(.placeChanged("Ironvale"))
    await store.wait { $0.forecast == .cloudy }
  }

  // Seed 001, "El diff como diálogo": an empty closure on purpose; the failure's diff says
  // what to write in it.
  @Test func diffAsDialogueInExhaustiveMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock)

    await withKnownIssue {
      await store.send(.placeChanged("Ironvale")) { _ in
        // a propósito vacía: deja que el test te corrija
      }
    } matching: { issue in
      says(issue, "- expected", "+ actual", "query", "\"Ironvale\"", "Fix:")
    }
    await store.send(.placeChanged("")) {
      $0.query = ""
      $0.load = .idle
    }
    await store.finish()
  }

  // Seed 001, "El diff como diálogo": a wrong guess in destination mode gets the same diff,
  // for the fields the closure sets.
  @Test func diffAsDialogueInDestinationMode() async {
    let clock = TestClock()
    let store = TestStore(
      initial: Outlook.State.harrow,
      machine: Outlook(service: .fixtures, places: .fixtures, clock: clock), clock: clock,
      exhaustivity: .off)

    await withKnownIssue {
      await store.send(.placeChanged("Ironvale")) {
        $0.load = .debouncing("Iron")
      }
    } matching: { issue in
      says(issue, "- expected", "+ actual", "load", "Fix:")
    }
  }
}
