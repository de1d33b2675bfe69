import LoopContracts
import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

extension Trails {
  static let persistenceScenarios: [Scenario<Trails>] = [
    Scenario("a save starts exactly 500 ms after the last edit, not 1 ms sooner") { context in
      typealias S = TrailsSamples
      let (clock, saves) = (TestClock(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.advance(by: .milliseconds(499))
      store.send(.edit(.add(trailID: S.cinder, day: 2)))
      await store.advance(by: .milliseconds(499))
      context.budget("save", saves, exactly: 0)
      await store.advance(by: .milliseconds(1))
      await store.wait { $0.isSaved }
      context.budget("save", saves, exactly: 1, with: [S.plan([S.gull], [S.cinder])])
      // Gull Point Loop (6.4 km, 120 m) and Cinder Corrie (9.7 km, 610 m), by Naismith's rule:
      // 16.1 km × 720 s + 730 m × 6 s = 15,972 s, 4 h 26 min 12 s.
      context.check(
        store.state.totals.ascentM == 730 && abs(store.state.totals.distanceKm - 16.1) < 1e-9,
        "16.1 km and 730 m planned: \(store.state.totals)")
      context.check(
        store.state.totals.estimatedTime == .seconds(15_972),
        "4 h 26 min 12 s of walking: \(store.state.totals.estimatedTime)")
    },
    Scenario("restore, then one edit: one save") { context in
      typealias S = TrailsSamples
      let (clock, loads, saves) = (TestClock(), CallLog<String>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: loads, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.isSaved }
      context.budget("load", loads, exactly: 1)
      context.budget("save", saves, exactly: 1, with: [S.plan([S.gull])])
    },
    Scenario("five edits inside the quiet window: one save, with all of them") { context in
      typealias S = TrailsSamples
      let (clock, loads, saves) = (TestClock(), CallLog<String>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: loads, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      let edits: [PlanEdit] = [
        .add(trailID: S.gull, day: 1), .add(trailID: S.tidepool, day: 2),
        .add(trailID: S.cinder, day: 3), .move(trailID: S.cinder, from: 3, to: 2),
        .setStart(S.today.adding(days: 2)),
      ]
      for edit in edits {
        store.send(.edit(edit))
        await store.advance(by: .milliseconds(100))
      }
      context.budget("save", saves, exactly: 0)
      await store.advance(by: .milliseconds(400))
      await store.wait { $0.isSaved }
      var expected = S.plan([S.gull], [S.tidepool, S.cinder])
      expected.start = S.today.adding(days: 2)
      context.budget("save", saves, exactly: 1, with: [expected])
    },
    Scenario("a failed save, then the next edit: two writes, the second with all edits") {
      context in
      typealias S = TrailsSamples
      let (clock, loads, saves) = (TestClock(), CallLog<String>(), CallLog<Plan>())
      let attempts = CallLog<String>()
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(
          loads: loads, saves: saves, attempts: attempts, failingWrites: 1),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.persistence.saveError == "the disk is full" }
      context.check(store.state.plan == S.plan([S.gull]), "the failed save keeps the plan")
      store.send(.edit(.add(trailID: S.tidepool, day: 1)))
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.isSaved && $0.persistence.saveError == nil }
      context.budget("write", attempts, exactly: 2)
      context.budget("save", saves, exactly: 1, with: [S.plan([S.gull, S.tidepool])])
    },
    Scenario("edits during the restore are applied after it, and nothing is saved before") {
      context in
      typealias S = TrailsSamples
      let (clock, load, saves) = (TestClock(), ControlledWork<StoredPlan?>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loading: load, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      store.send(.edit(.add(trailID: S.tidepool, day: 2)))
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.advance(by: .seconds(2))
      context.check(store.state.plan.days.isEmpty, "no edit applies before the restore")
      context.budget("save before the restore", saves, exactly: 0)
      load.succeed(0, with: StoredPlan(plan: S.plan([S.cinder]), revision: 1))
      await store.wait { $0.persistence.ready != nil }
      // The stored day 1 stays; the queued edits land on top of it, in order.
      let merged = S.plan([S.cinder, S.gull], [S.tidepool])
      context.check(store.state.plan == merged, "the queued edits apply to the restored plan")
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.isSaved }
      context.budget("save", saves, exactly: 1, with: [merged])
    },
    Scenario("a failed restore keeps the edits in memory and never saves") { context in
      typealias S = TrailsSamples
      let (clock, load, saves) = (TestClock(), ControlledWork<StoredPlan?>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loading: load, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.settle()
      load.fail(0, TrailsDoubles.Failure(description: "the database is locked"))
      await store.wait { $0.persistence == .restoreFailed("the database is locked") }
      await store.settle()  // the kept day's forecast has come
      store.send(.edit(.add(trailID: S.tidepool, day: 2)))
      await store.advance(by: .seconds(2))
      context.check(
        store.state.plan == S.plan([S.gull], [S.tidepool]), "the edits are kept in memory")
      context.budget("save", saves, exactly: 0)
    },
    Scenario("two planners on one store: each one's edit survives the other's write") {
      context in
      typealias S = TrailsSamples
      let (loads, saves) = (CallLog<String>(), CallLog<Plan>())
      let shared = TrailsDoubles.database(loads: loads, saves: saves)
      let second = await twoPlannersEdit(context, shared, shared)
      // Worked out by hand: the first write stores day 1; the second adds day 2 to it.
      let both = S.plan([S.gull], [S.tidepool])
      context.budget("save", saves, exactly: 2, with: [S.plan([S.gull]), both])
      context.check(second.plan == both, "the second planner shows both edits")
    },
    Scenario("another process's write shows within one watch interval, not before") { context in
      typealias S = TrailsSamples
      let (loads, saves) = (CallLog<String>(), CallLog<Plan>())
      let shared = TrailsDoubles.database(holding: S.plan([S.gull]), loads: loads, saves: saves)
      let store = planner(context, on: shared, watchInterval: .milliseconds(500))
      await store.wait { $0.persistence.ready != nil }
      // The other process: one update that plans the Tidepool Steps on day 2.
      let other = try? await shared.update { plan in
        var plan = plan ?? S.plan()
        plan.days.append(PlanDay(number: 2, trailIDs: [S.tidepool]))
        return plan
      }
      context.check(other?.revision == 2, "the other write is the database's second revision")
      await store.advance(by: .milliseconds(499))
      context.check(store.state.plan == S.plan([S.gull]), "nothing shows before the interval")
      await store.advance(by: .milliseconds(1))
      await store.wait { $0.persistence.ready?.stored.revision == 2 }
      context.check(
        store.state.plan == S.plan([S.gull], [S.tidepool]), "the other write shows at 500 ms")
      context.budget("load", loads, exactly: 2)
    },
    Scenario("an edit that another process's write made impossible is reported, not lost") {
      context in
      typealias S = TrailsSamples
      let (loads, saves) = (CallLog<String>(), CallLog<Plan>())
      let shared = TrailsDoubles.database(holding: S.plan([S.gull]), loads: loads, saves: saves)
      let store = planner(context, on: shared)
      await store.wait { $0.persistence.ready != nil }
      await store.settle()  // the restored day's forecast has come
      // The other process removes the Gull Point Loop; this planner has not seen it yet.
      let other = try? await shared.update { _ in S.plan([S.cinder]) }
      context.check(other?.revision == 2, "the other write is the database's second revision")
      store.send(.edit(.move(trailID: S.gull, from: 1, to: 2)))
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.isSaved }
      context.check(
        store.state.problem == .changedElsewhere(.notPlanned(trailID: S.gull, day: 1)),
        "the move that no longer applies is reported")
      context.check(store.state.plan == S.plan([S.cinder]), "the other process's plan stands")
    },
  ]

  /// Two planners, each with its own database value and clock, editing one plan.
  ///
  /// Once both are restored, the first plans the Gull Point Loop on day 1 and the second the
  /// Tidepool Steps on day 2; the first writes, then the second. Returns the second planner's
  /// state once its write is done.
  static func twoPlannersEdit(
    _ context: ScenarioContext<Trails>, _ firstDatabase: any PlanDatabase,
    _ secondDatabase: any PlanDatabase
  ) async -> State {
    typealias S = TrailsSamples
    let (first, second) = (
      planner(context, on: firstDatabase), planner(context, on: secondDatabase)
    )
    await first.wait { $0.persistence.ready != nil }
    await second.wait { $0.persistence.ready != nil }
    first.send(.edit(.add(trailID: S.gull, day: 1)))
    second.send(.edit(.add(trailID: S.tidepool, day: 2)))
    await first.advance(by: .milliseconds(500))
    await first.wait { $0.isSaved }
    await second.advance(by: .milliseconds(500))
    await second.wait { $0.isSaved }
    return second.state
  }

  /// A planner at launch on `database`, with a clock of its own and fixture forecasts,
  /// watching the database every `watchInterval` when given: one process of a multi-process
  /// scenario.
  static func planner(
    _ context: ScenarioContext<Trails>, on database: any PlanDatabase,
    watchInterval: Duration? = nil
  ) -> TestStore<State, Event> {
    let clock = TestClock()
    return context.store(
      initial: TrailsSamples.launch,
      machine: TrailsDoubles.machine(
        database: database, weather: TrailsDoubles.weather(CallLog()), clock: clock,
        watchInterval: watchInterval),
      clock: clock)
  }
}
