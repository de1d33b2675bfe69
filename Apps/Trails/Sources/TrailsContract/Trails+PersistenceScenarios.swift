import LoopContracts
import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

extension Trails {
  static let persistenceScenarios: [Scenario<Trails>] = [
    Scenario("restore, then one edit: one save") { context in
      typealias S = TrailsSamples
      let (clock, loads, saves) = (TestClock(), CallLog<String>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        store: TrailsDoubles.store(loads: loads, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.restore == .done }
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
        store: TrailsDoubles.store(loads: loads, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.restore == .done }
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
    Scenario("a failed save, then the next edit: two saves, the second with all edits") {
      context in
      typealias S = TrailsSamples
      let (clock, loads, saves) = (TestClock(), CallLog<String>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        store: TrailsDoubles.store(loads: loads, saves: saves, failingSaves: 1),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.restore == .done }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.saveError == "the disk is full" }
      context.check(store.state.plan == S.plan([S.gull]), "the failed save keeps the plan")
      store.send(.edit(.add(trailID: S.tidepool, day: 1)))
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.isSaved && $0.saveError == nil }
      context.budget(
        "save", saves, exactly: 2, with: [S.plan([S.gull]), S.plan([S.gull, S.tidepool])])
    },
    Scenario("edits during the restore are applied after it, and nothing is saved before") {
      context in
      typealias S = TrailsSamples
      let (clock, load, saves) = (TestClock(), ControlledWork<Plan?>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        store: TrailsDoubles.store(loading: load, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      store.send(.edit(.add(trailID: S.tidepool, day: 2)))
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.advance(by: .seconds(2))
      context.check(store.state.plan.days.isEmpty, "no edit applies before the restore")
      context.budget("save before the restore", saves, exactly: 0)
      load.succeed(0, with: S.plan([S.cinder]))
      await store.wait { $0.restore == .done }
      // The stored day 1 stays; the queued edits land on top of it, in order.
      let merged = S.plan([S.cinder, S.gull], [S.tidepool])
      context.check(store.state.plan == merged, "the queued edits apply to the restored plan")
      await store.advance(by: .milliseconds(500))
      await store.wait { $0.isSaved }
      context.budget("save", saves, exactly: 1, with: [merged])
    },
    Scenario("a failed restore keeps the edits in memory and never saves") { context in
      typealias S = TrailsSamples
      let (clock, load, saves) = (TestClock(), ControlledWork<Plan?>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        store: TrailsDoubles.store(loading: load, saves: saves),
        weather: TrailsDoubles.weather(CallLog()), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.settle()
      load.fail(0, TrailsDoubles.Failure(description: "the database is locked"))
      await store.wait { $0.restore == .failed("the database is locked") }
      store.send(.edit(.add(trailID: S.tidepool, day: 2)))
      await store.advance(by: .seconds(2))
      context.check(
        store.state.plan == S.plan([S.gull], [S.tidepool]), "the edits are kept in memory")
      context.budget("save", saves, exactly: 0)
    },
  ]
}
