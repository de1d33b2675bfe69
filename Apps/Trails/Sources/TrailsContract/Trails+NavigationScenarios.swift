import LoopContracts
import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

extension Trails {
  static let navigationScenarios: [Scenario<Trails>] = [
    // docs/apps/trails.md, "A refused request": each is one line saying why, written here by
    // hand, and the request changes nothing else.
    Scenario("every refused request is one line that says why") { context in
      typealias S = TrailsSamples
      let twoDays = S.restored(S.plan([S.gull], [S.gull]))
      let planTab = S.with(S.restored()) { $0.tab = .plan }
      let link = "expected trails://region/<id>, trails://trail/<id> or trails://plan"
      let cases: [(given: State, event: Event, line: String)] = [
        (S.restored(), .open("trails:/plan"), "'trails:/plan' is not a trails link (\(link))"),
        (S.restored(), .open("trails://region/atlantis"), "there is no region 'atlantis'"),
        (S.restored(), .edit(.add(trailID: "nope", day: 1)), "there is no trail 'nope'"),
        (
          S.restored(), .edit(.add(trailID: S.gull, day: 15)),
          "day 15 is outside the plan (days 1 to 14)"
        ),
        (
          S.restored(S.plan([S.gull])), .edit(.add(trailID: S.gull, day: 1)),
          "gull-point-loop is already planned on day 1"
        ),
        (
          S.restored(S.plan([S.gull])), .edit(.remove(trailID: S.gull, day: 2)),
          "gull-point-loop is not planned on day 2"
        ),
        (
          S.restored(S.plan([S.gull])), .edit(.remove(trailID: S.tidepool, day: nil)),
          "tidepool-steps is not in the plan"
        ),
        (
          twoDays, .edit(.move(trailID: S.gull, from: nil, to: 3)),
          "gull-point-loop is planned on days 1, 2; say which day to move it from"
        ),
        (S.restored(S.plan([S.gull])), .edit(.removeDay(5)), "the plan has no day 5"),
        (planTab, .show(.region(S.coast)), "region 'silver-coast' opens in the explore tab"),
      ]
      for (given, event, line) in cases {
        var state = given
        Trails.reducer(&state, event)
        context.check(
          state.problem?.message == line,
          "\(event): \(state.problem?.message ?? "no problem"), not \(line)")
      }
      // An edit the store could no longer apply, reported when the write answers.
      let removal = PlanEdit.remove(trailID: S.gull, day: nil)
      var state = S.restored(S.plan([S.gull]), then: [removal])
      if let write = state.pendingWrite {
        Trails.reducer(&state, .writeDue(write))
        Trails.reducer(
          &state,
          .written(
            write, stored: StoredPlan(plan: S.plan(), revision: 2),
            rejected: [.notPlanned(trailID: S.gull, day: nil)]))
      }
      let elsewhere =
        "your edit was not kept: the plan was changed elsewhere and now gull-point-loop is "
        + "not in the plan"
      context.check(
        state.problem?.message == elsewhere, "\(state.problem?.message ?? "no problem")")
    },
    Scenario("reselecting a tab pops it to its root") { context in
      typealias S = TrailsSamples
      let (clock, weather, saves) = (TestClock(), CallLog<Coordinate>(), CallLog<Plan>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: saves),
        weather: TrailsDoubles.weather(weather), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      // Each trail shown asks for its forecast; the store settles on the answer before the
      // next tap, as a user's taps come well apart.
      store.send(.show(.trail(S.gull)))
      await store.settle()
      context.check(
        store.state.explorePath == [.region(S.coast), .trail(S.gull)], "the trail is shown")
      store.send(.select(.plan))
      store.send(.show(.trail(S.tidepool)))
      await store.settle()
      store.send(.select(.plan))
      await store.wait { $0.tab == .plan && $0.planPath.isEmpty }
      context.check(
        store.state.explorePath == [.region(S.coast), .trail(S.gull)],
        "the explore tab keeps its path while the plan tab pops")
      store.send(.select(.explore))  // the Gull Point Loop is on screen again: a new request
      await store.settle()
      store.send(.select(.explore))
      await store.wait { $0.tab == .explore && $0.explorePath.isEmpty }
      await store.advance(by: .seconds(1))
      context.budget(
        "forecast", weather, exactly: 3,
        with: [S.trailhead(of: S.gull), S.trailhead(of: S.tidepool), S.trailhead(of: S.gull)])
      context.budget("save", saves, exactly: 0)
    },
    Scenario("a deep link round trip: parse, print, open") { context in
      typealias S = TrailsSamples
      let (clock, weather) = (TestClock(), CallLog<Coordinate>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
        weather: TrailsDoubles.weather(weather), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      let links = ["trails://region/\(S.coast)", "trails://trail/\(S.tidepool)", "trails://plan"]
      for link in links {
        context.check(DeepLink(link)?.description == link, "\(link) prints back as itself")
        // A URL's scheme is case-insensitive (RFC 3986).
        let shouted = "TRAILS" + link.dropFirst("trails".count)
        context.check(DeepLink(shouted) == DeepLink(link), "\(shouted) opens what \(link) opens")
      }
      await store.wait { $0.persistence.ready != nil }
      store.send(.open(links[0]))
      await store.wait { $0.tab == .explore && $0.explorePath == [.region(S.coast)] }
      store.send(.open(links[1]))
      await store.wait {
        $0.explorePath == [.region(S.coast), .trail(S.tidepool)]
          && $0.trailForecast?.status == .loaded(S.forecast)
      }
      store.send(.open(links[2]))
      await store.wait { $0.tab == .plan && $0.planPath.isEmpty }
      store.send(.open("trails://trail/nowhere"))
      await store.wait { $0.problem == .unknownTrail("nowhere") }
      context.check(
        store.state.problem?.description == "there is no trail 'nowhere'",
        "the user reads which trail is unknown: \(store.state.problem?.description ?? "nothing")")
      context.check(store.state.tab == .plan, "a link to an unknown trail changes nothing else")
      context.budget("forecast", weather, exactly: 1, with: [S.trailhead(of: S.tidepool)])
    },
  ]
}
