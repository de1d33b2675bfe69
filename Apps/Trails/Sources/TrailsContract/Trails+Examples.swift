import LoopContracts
import TrailsFeature
import TrailsModel

extension Trails {
  static let examples: [Example<State, Event>] = {
    typealias S = TrailsSamples
    let with = S.with
    let restored = S.restored()
    let onTrail = with(restored) {
      $0.explorePath = [.region(S.coast), .trail(S.gull)]
      $0.trailForecast = TrailForecast(trailID: S.gull, status: .loading)
    }
    let gullDay1 = S.restored(then: [.add(trailID: S.gull, day: 1)])
    let twoDays = S.restored(then: [
      .add(trailID: S.gull, day: 1), .add(trailID: S.tidepool, day: 2),
    ])
    let gullKey = ForecastKey(day: 1, trailID: S.gull)

    return navigation(restored: restored, onTrail: onTrail) + [
      Example(
        "an edit during the restore waits in the queue", given: S.launch,
        when: .edit(.add(trailID: S.gull, day: 1)),
        then: with(S.launch) { $0.queuedEdits = [.add(trailID: S.gull, day: 1)] }),
      Example(
        "the restore applies the saved plan, then the queued edits",
        given: with(S.launch) { $0.queuedEdits = [.add(trailID: S.tidepool, day: 2)] },
        when: .restored(S.plan([S.gull])),
        then: with(S.launch) {
          $0.restore = .done
          $0.plan = S.plan([S.gull], [S.tidepool])
          $0.revision = 2
          $0.lastSaved = PlanRevision(revision: 1, plan: S.plan([S.gull]))
          $0.totals = PlanTotals(plan: $0.plan, catalog: S.catalog)
          $0.forecasts = [gullKey: .loading, ForecastKey(day: 2, trailID: S.tidepool): .loading]
        }),
      Example(
        "adding a trail to day 3 adds the days before it", given: restored,
        when: .edit(.add(trailID: S.cinder, day: 3)),
        then: with(restored) {
          $0.plan = S.plan([], [], [S.cinder])
          $0.revision = 1
          $0.totals = PlanTotals(plan: $0.plan, catalog: S.catalog)
          $0.forecasts = [ForecastKey(day: 3, trailID: S.cinder): .loading]
        }),
      Example(
        "the same trail twice on one day is rejected and the plan kept", given: gullDay1,
        when: .edit(.add(trailID: S.gull, day: 1)),
        then: with(gullDay1) { $0.problem = .alreadyPlanned(trailID: S.gull, day: 1) }),
      Example(
        "moving a trail to another day moves its forecast request",
        given: with(gullDay1) { $0.forecasts[gullKey] = .loaded(S.forecast) },
        when: .edit(.move(trailID: S.gull, from: nil, to: 2)),
        then: with(gullDay1) {
          $0.plan = S.plan([], [S.gull])
          $0.revision = 2
          $0.forecasts = [ForecastKey(day: 2, trailID: S.gull): .loading]
        }),
      Example(
        "removing a day moves the later days one earlier", given: twoDays,
        when: .edit(.removeDay(1)),
        then: with(twoDays) {
          $0.plan = S.plan([S.tidepool])
          $0.revision = 3
          $0.totals = PlanTotals(plan: $0.plan, catalog: S.catalog)
          $0.forecasts = [ForecastKey(day: 1, trailID: S.tidepool): .loading]
        }),
      Example(
        "a save of the plan as it is marks it saved", given: gullDay1,
        when: .saved(PlanRevision(revision: 1, plan: gullDay1.plan)),
        then: with(gullDay1) { $0.lastSaved = PlanRevision(revision: 1, plan: gullDay1.plan) }),
      Example(
        "a failed save is shown and the plan kept", given: gullDay1,
        when: .saveFailed(revision: 1, message: "the disk is full"),
        then: with(gullDay1) { $0.saveError = "the disk is full" }),
      Example(
        "a save of an older revision does not mark the plan saved", given: twoDays,
        when: .saved(PlanRevision(revision: 1, plan: gullDay1.plan)), then: twoDays),
      Example(
        "a forecast for a day no longer planned is dropped", given: gullDay1,
        when: .forecastLoaded(ForecastKey(day: 2, trailID: S.gull), S.forecast), then: gullDay1),
      Example(
        "a failed restore keeps the queued edits in memory and saves nothing",
        given: with(S.launch) { $0.queuedEdits = [.add(trailID: S.gull, day: 1)] },
        when: .restoreFailed("the database is locked"),
        then: with(S.launch) {
          $0.restore = .failed("the database is locked")
          $0.plan = S.plan([S.gull])
          $0.revision = 1
          $0.totals = PlanTotals(plan: $0.plan, catalog: S.catalog)
          $0.forecasts = [gullKey: .loading]
        }),
    ]
  }()

  private static func navigation(restored: State, onTrail: State) -> [Example<State, Event>] {
    typealias S = TrailsSamples
    let with = S.with
    return [
      Example(
        "reselecting the explore tab pops it to its root", given: onTrail,
        when: .select(.explore), then: restored),
      Example(
        "selecting the other tab keeps both paths", given: onTrail, when: .select(.plan),
        then: with(onTrail) {
          $0.tab = .plan
          $0.trailForecast = nil
        }),
      Example(
        "a trail link opens the explore tab under the trail's region",
        given: with(restored) { $0.tab = .plan },
        when: .open("trails://trail/\(S.gull)"), then: onTrail),
      Example(
        "a link to an unknown region sets a problem and changes nothing else", given: onTrail,
        when: .open("trails://region/atlantis"),
        then: with(onTrail) { $0.problem = .unknownRegion("atlantis") }),
      Example(
        "a malformed link sets a problem and changes nothing else", given: onTrail,
        when: .open("trails:/trail/\(S.gull)"),
        then: with(onTrail) { $0.problem = .malformedLink("trails:/trail/\(S.gull)") }),
    ]
  }
}
