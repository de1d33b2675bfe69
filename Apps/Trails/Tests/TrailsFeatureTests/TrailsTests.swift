import LoopTesting
import TestSupport
import Testing
import TrailsFeature
import TrailsModel
import Weather

@testable import TrailsContract

/// Tier 2: wiring no scenario of the contract states, through the TestStore, time only through
/// the TestClock.
@Suite(.watchdog)
struct TrailsTests {
  typealias S = TrailsSamples

  @Test func removingAnEarlierDayAsksForTheLaterDaysForecastAgainUnderItsNewNumber() async {
    let (clock, work) = (TestClock(), ControlledWork<Forecast>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
      weather: TrailsDoubles.weather(work, CallLog()), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock, exhaustivity: .off)
    await store.wait { $0.persistence.ready != nil }

    store.send(.edit(.add(trailID: S.gull, day: 1)))
    await store.settle()
    store.send(.edit(.add(trailID: S.tidepool, day: 2)))
    await store.settle()
    #expect(work.pendingGenerations == [0, 1])
    store.send(.edit(.removeDay(1)))
    await store.settle()

    // Day 1 is gone, and day 2 became day 1: a new key, so a new request.
    #expect(Set(work.cancelledGenerations) == [0, 1])
    #expect(work.pendingGenerations == [2])
    #expect(store.state.forecasts == [Trails.ForecastKey(day: 1, trailID: S.tidepool): .loading])
  }

  @Test func leavingATrailCancelsItsForecastRequestWhenGoingBack() async {
    let (clock, work) = (TestClock(), ControlledWork<Forecast>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
      weather: TrailsDoubles.weather(work, CallLog()), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock, exhaustivity: .off)

    store.send(.open("trails://trail/\(S.gull)"))
    await store.settle()
    store.send(.back)
    await store.settle()

    #expect(work.cancelledGenerations == [0])
    #expect(store.state.trailForecast == nil)
  }
}
