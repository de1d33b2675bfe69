import LoopTesting
import TestSupport
import Testing
import TrailsFeature
import TrailsModel
import Weather

@testable import TrailsContract

/// Tier 2: the planner's wiring through the TestStore, time only through the TestClock.
@Suite(.watchdog)
struct TrailsTests {
  typealias S = TrailsSamples

  @Test func aBurstOfEditsIsSavedOnceWhenTheQuietWindowPasses() async {
    let (clock, saves) = (TestClock(), CallLog<Plan>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(loads: CallLog(), saves: saves),
      weather: TrailsDoubles.weather(CallLog()), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock, exhaustivity: .off)
    await store.wait { $0.persistence.ready != nil }

    store.send(.edit(.add(trailID: S.gull, day: 1)))
    await store.advance(by: .milliseconds(300))
    store.send(.edit(.add(trailID: S.tidepool, day: 2)))
    await store.advance(by: .milliseconds(499))
    #expect(saves.count == 0)
    await store.advance(by: .milliseconds(1))
    await store.wait { $0.isSaved }

    #expect(saves.arguments == [S.plan([S.gull], [S.tidepool])])
  }

  @Test func aFailedSaveIsRetriedWithEveryEditWhenThePlanChangesAgain() async {
    let (clock, saves, attempts) = (TestClock(), CallLog<Plan>(), CallLog<String>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(
        loads: CallLog(), saves: saves, attempts: attempts, failingWrites: 1),
      weather: TrailsDoubles.weather(CallLog()), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock, exhaustivity: .off)
    await store.wait { $0.persistence.ready != nil }

    store.send(.edit(.add(trailID: S.gull, day: 1)))
    await store.advance(by: .milliseconds(500))
    await store.wait { $0.persistence.saveError == "the disk is full" }
    await store.advance(by: .seconds(5))
    #expect(attempts.count == 1)  // no retry without a change

    store.send(.edit(.setStart(S.day("2026-12-02"))))
    await store.advance(by: .milliseconds(500))
    await store.wait { $0.isSaved && $0.persistence.saveError == nil }

    var expected = S.plan([S.gull])
    expected.start = S.day("2026-12-02")
    #expect(attempts.count == 2)
    #expect(saves.arguments == [expected])
  }

  @Test func editsApplyOnlyAfterTheRestoreWhenTheyArriveDuringIt() async {
    let (clock, load, saves) = (TestClock(), ControlledWork<StoredPlan?>(), CallLog<Plan>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(loading: load, saves: saves),
      weather: TrailsDoubles.weather(CallLog()), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock, exhaustivity: .off)

    store.send(.edit(.add(trailID: S.tidepool, day: 1)))
    await store.advance(by: .seconds(1))
    #expect(store.state.persistence == .restoring(queuedEdits: [.add(trailID: S.tidepool, day: 1)]))
    #expect(saves.count == 0)

    load.succeed(0, with: StoredPlan(plan: S.plan([S.gull]), revision: 1))
    await store.wait { $0.persistence.ready != nil }
    #expect(store.state.plan == S.plan([S.gull, S.tidepool]))
    await store.advance(by: .milliseconds(500))
    await store.wait { $0.isSaved }
    #expect(saves.arguments == [S.plan([S.gull, S.tidepool])])
  }

  @Test func removingADayCancelsItsForecastRequestWhenItIsInFlight() async {
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

  @Test func theForecastOfEachPlannedDayIsShownWhenItArrives() async {
    let (clock, weather) = (TestClock(), CallLog<Coordinate>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(
        holding: S.plan([S.gull], [S.tidepool]), loads: CallLog(), saves: CallLog()),
      weather: TrailsDoubles.weather(weather), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock, exhaustivity: .off)

    await store.wait { $0.forecasts.count == 2 && $0.forecastsSettled }

    let day2 = Trails.ForecastKey(day: 2, trailID: S.tidepool)
    #expect(store.state.dailyForecast(for: day2)?.date == S.day("2026-12-02"))
    #expect(Set(weather.arguments) == [S.trailhead(of: S.gull), S.trailhead(of: S.tidepool)])
  }

  @Test func aFailedRestoreSavesNothingWhenEditsFollow() async {
    let (clock, saves) = (TestClock(), CallLog<Plan>())
    let store = TestStore(
      initial: S.launch,
      machine: TrailsDoubles.machine(
        database: TrailsDoubles.ScriptedPlanDatabase(
          load: { throw TrailsDoubles.Failure(description: "the database is locked") },
          saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock),
      clock: clock, exhaustivity: .off)

    await store.wait { $0.persistence == .restoreFailed("the database is locked") }
    store.send(.edit(.add(trailID: S.gull, day: 1)))
    await store.advance(by: .seconds(2))

    #expect(store.state.plan == S.plan([S.gull]))
    #expect(saves.count == 0)
  }
}
