import LoopTesting
import TestSupport
import Testing
import TrailsFeature
import TrailsModel
import Weather

@testable import TrailsContract

/// One exhaustive run: every change declared, every effect's event claimed.
@Suite(.watchdog)
struct TrailsExhaustiveTests {
  typealias S = TrailsSamples

  @Test func everyStepIsDeclaredWhenAQueuedEditIsRestoredAndSaved() async {
    let (clock, load, saves) = (TestClock(), ControlledWork<StoredPlan?>(), CallLog<Plan>())
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(loading: load, saves: saves),
      weather: .failing(WeatherError.rateLimited), clock: clock)
    let store = TestStore(initial: S.launch, machine: machine, clock: clock)
    let edit = Trails.PlanEdit.add(trailID: S.gull, day: 1)
    let key = Trails.ForecastKey(day: 1, trailID: S.gull)
    let plan = S.plan([S.gull])

    await store.send(.edit(edit)) { $0.persistence = .restoring(queuedEdits: [edit]) }
    await store.settle()
    load.succeed(0, with: nil)
    await store.receive(.restored(nil)) {
      $0.persistence = .ready(
        .init(stored: StoredPlan(plan: S.launch.plan, revision: 0), unsavedEdits: [edit]))
      $0.plan = plan
      $0.changeCount = 1
      $0.totals = PlanTotals(plan: plan, catalog: S.catalog)
      $0.forecasts = [key: .loading]
    }
    await store.receive(.forecastFailed(key, WeatherError.rateLimited.userMessage)) {
      $0.forecasts[key] = .failed(WeatherError.rateLimited.userMessage)
    }
    await store.advance(by: .milliseconds(500))
    let write = Trails.PendingWrite(edits: [edit], fallback: S.launch.plan)
    await store.receive(.writeDue(write)) {
      $0.persistence = .ready(
        .init(stored: StoredPlan(plan: S.launch.plan, revision: 0), writing: write))
    }
    await store.receive(.written(write, stored: StoredPlan(plan: plan, revision: 1), rejected: []))
    {
      $0.persistence = .ready(.init(stored: StoredPlan(plan: plan, revision: 1)))
    }
    await store.finish()
    #expect(saves.arguments == [plan])
  }
}
