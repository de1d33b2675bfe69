import LoopContracts
import TrailsFeature
import TrailsModel

extension Trails {
  static let examples: [Example<State, Event>] = {
    typealias S = TrailsSamples
    let with = S.with
    let withReady = S.withReady
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
    let gullWrite = PendingWrite(edits: [.add(trailID: S.gull, day: 1)], fallback: S.plan())
    let writingGull = withReady(gullDay1) {
      $0.writing = gullWrite
      $0.unsavedEdits = []
    }
    let removal = Trails.PlanEdit.remove(trailID: S.gull, day: nil)
    let removalWrite = PendingWrite(edits: [removal], fallback: S.plan([S.cinder, S.gull]))
    let writingRemoval = withReady(S.restored(S.plan([S.cinder, S.gull]), then: [removal])) {
      $0.writing = removalWrite
      $0.unsavedEdits = []
    }

    return navigation(restored: restored, onTrail: onTrail) + [
      Example(
        "a planned day's forecast failure is shown for that day", given: gullDay1,
        when: .forecastFailed(gullKey, "no forecast: offline"),
        then: with(gullDay1) { $0.forecasts[gullKey] = .failed("no forecast: offline") }),
      Example(
        "an edit during the restore waits in the queue", given: S.launch,
        when: .edit(.add(trailID: S.gull, day: 1)),
        then: with(S.launch) {
          $0.persistence = .restoring(queuedEdits: [.add(trailID: S.gull, day: 1)])
        }),
      Example(
        "the restore applies the saved plan, then the queued edits",
        given: with(S.launch) {
          $0.persistence = .restoring(queuedEdits: [.add(trailID: S.tidepool, day: 2)])
        },
        when: .restored(StoredPlan(plan: S.plan([S.gull]), revision: 4)),
        then: with(S.launch) {
          $0.persistence = .ready(
            Persistence.Ready(
              stored: StoredPlan(plan: S.plan([S.gull]), revision: 4),
              unsavedEdits: [.add(trailID: S.tidepool, day: 2)]))
          $0.plan = S.plan([S.gull], [S.tidepool])
          $0.changeCount = 2
          // Gull Point 6.4 km 120 m, Tidepool 3.2 km 85 m
          $0.totals = PlanTotals(distanceKm: 6.4 + 3.2, ascentM: 205)
          $0.forecasts = [gullKey: .loading, ForecastKey(day: 2, trailID: S.tidepool): .loading]
        }),
      Example(
        "adding a trail to day 3 adds the days before it", given: restored,
        when: .edit(.add(trailID: S.cinder, day: 3)),
        then: with(withReady(restored) { $0.unsavedEdits = [.add(trailID: S.cinder, day: 3)] }) {
          $0.plan = S.plan([], [], [S.cinder])
          $0.changeCount = 1
          $0.totals = PlanTotals(distanceKm: 9.7, ascentM: 610)  // Cinder Corrie
          $0.forecasts = [ForecastKey(day: 3, trailID: S.cinder): .loading]
        }),
      Example(
        "the same trail twice on one day is rejected and the plan kept", given: gullDay1,
        when: .edit(.add(trailID: S.gull, day: 1)),
        then: with(gullDay1) { $0.problem = .alreadyPlanned(trailID: S.gull, day: 1) }),
      Example(
        "moving a trail to the day it is on is rejected and the plan kept", given: gullDay1,
        when: .edit(.move(trailID: S.gull, from: nil, to: 1)),
        then: with(gullDay1) { $0.problem = .alreadyPlanned(trailID: S.gull, day: 1) }),
      Example(
        "moving a trail to another day moves its forecast request",
        given: with(gullDay1) { $0.forecasts[gullKey] = .loaded(S.forecast) },
        when: .edit(.move(trailID: S.gull, from: nil, to: 2)),
        then: with(
          withReady(gullDay1) { $0.unsavedEdits.append(.move(trailID: S.gull, from: nil, to: 2)) }
        ) {
          $0.plan = S.plan([], [S.gull])
          $0.changeCount = 2
          $0.forecasts = [ForecastKey(day: 2, trailID: S.gull): .loading]
        }),
      Example(
        "removing a day moves the later days one earlier", given: twoDays,
        when: .edit(.removeDay(1)),
        then: with(withReady(twoDays) { $0.unsavedEdits.append(.removeDay(1)) }) {
          $0.plan = S.plan([S.tidepool])
          $0.changeCount = 3
          $0.totals = PlanTotals(distanceKm: 3.2, ascentM: 85)  // Tidepool Steps
          $0.forecasts = [ForecastKey(day: 1, trailID: S.tidepool): .loading]
        }),
      Example(
        "the quiet window sends the unwritten edits to the store", given: gullDay1,
        when: .writeDue(gullWrite),
        then: withReady(gullDay1) {
          $0.writing = gullWrite
          $0.unsavedEdits = []
        }),
      Example(
        "a write's answer is the stored plan, and the plan is saved", given: writingGull,
        when: .written(
          gullWrite, stored: StoredPlan(plan: S.plan([S.gull]), revision: 1), rejected: []),
        then: withReady(writingGull) {
          $0.writing = nil
          $0.stored = StoredPlan(plan: S.plan([S.gull]), revision: 1)
        }),
      Example(
        "another process's edit in the store is kept, and ours lands on top of it",
        given: writingGull,
        when: .written(
          gullWrite, stored: StoredPlan(plan: S.plan([S.cinder, S.gull]), revision: 2),
          rejected: []),
        then: with(
          withReady(writingGull) {
            $0.writing = nil
            $0.stored = StoredPlan(plan: S.plan([S.cinder, S.gull]), revision: 2)
          }
        ) {
          $0.plan = S.plan([S.cinder, S.gull])
          $0.changeCount = 2
          // Cinder Corrie and Gull Point
          $0.totals = PlanTotals(distanceKm: 9.7 + 6.4, ascentM: 730)
          $0.forecasts = [gullKey: .loading, ForecastKey(day: 1, trailID: S.cinder): .loading]
        }),
      Example(
        "an edit the store could no longer apply is reported", given: writingRemoval,
        when: .written(
          removalWrite, stored: StoredPlan(plan: S.plan([S.cinder]), revision: 3),
          rejected: [.notPlanned(trailID: S.gull, day: nil)]),
        then: with(
          withReady(writingRemoval) {
            $0.writing = nil
            $0.stored = StoredPlan(plan: S.plan([S.cinder]), revision: 3)
          }
        ) {
          $0.problem = .changedElsewhere(.notPlanned(trailID: S.gull, day: nil))
        }),
      Example(
        "a failed write is shown, and its edits are unwritten again", given: writingGull,
        when: .writeFailed(gullWrite, message: "the disk is full"),
        then: withReady(gullDay1) {
          $0.failure = Persistence.SaveFailure(
            message: "the disk is full", edits: [.add(trailID: S.gull, day: 1)])
        }),
      Example(
        "another process's plan is adopted with our unwritten edits on top", given: gullDay1,
        when: .storeChanged(StoredPlan(plan: S.plan([S.tidepool]), revision: 2)),
        then: with(
          withReady(gullDay1) { $0.stored = StoredPlan(plan: S.plan([S.tidepool]), revision: 2) }
        ) {
          $0.plan = S.plan([S.tidepool, S.gull])
          $0.changeCount = 2
          // Tidepool Steps and Gull Point
          $0.totals = PlanTotals(distanceKm: 3.2 + 6.4, ascentM: 205)
          $0.forecasts[ForecastKey(day: 1, trailID: S.tidepool)] = .loading
        }),
      Example(
        "a stored plan no newer than the one known changes nothing", given: gullDay1,
        when: .storeChanged(StoredPlan(plan: S.plan([S.tidepool]), revision: 0)),
        then: gullDay1),
      Example(
        "a forecast for a day no longer planned is dropped", given: gullDay1,
        when: .forecastLoaded(ForecastKey(day: 2, trailID: S.gull), S.forecast), then: gullDay1),
      Example(
        "a failed restore keeps the queued edits in memory and saves nothing",
        given: with(S.launch) {
          $0.persistence = .restoring(queuedEdits: [.add(trailID: S.gull, day: 1)])
        },
        when: .restoreFailed("the database is locked"),
        then: with(S.launch) {
          $0.persistence = .restoreFailed("the database is locked")
          $0.plan = S.plan([S.gull])
          $0.changeCount = 1
          $0.totals = PlanTotals(distanceKm: 6.4, ascentM: 120)  // Gull Point Loop
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
        "the plan link shows the plan itself, whatever trail the plan tab had open",
        given: with(restored) {
          $0.tab = .plan
          $0.planPath = [.trail(S.gull)]
          $0.trailForecast = TrailForecast(trailID: S.gull, status: .loading)
        },
        when: .open("trails://plan"), then: with(restored) { $0.tab = .plan }),
      Example(
        "a link to an unknown region sets a problem and changes nothing else", given: onTrail,
        when: .open("trails://region/atlantis"),
        then: with(onTrail) { $0.problem = .unknownRegion("atlantis") }),
      Example(
        "back pops one step of the tab on screen, and its trail forecast", given: onTrail,
        when: .back,
        then: with(onTrail) {
          $0.explorePath = [.region(S.coast)]
          $0.trailForecast = nil
        }),
      Example(
        "the trail forecast's failure is shown with its line", given: onTrail,
        when: .trailForecastFailed(trailID: S.gull, "the forecast service failed (HTTP 503)"),
        then: with(onTrail) {
          $0.trailForecast = TrailForecast(
            trailID: S.gull, status: .failed("the forecast service failed (HTTP 503)"))
        }),
    ]
      // Every way a link can be almost right: each is one problem naming the link as typed.
      + [
        "trails:/trail/\(S.gull)", "trails://trail/", "trails://trail/Gull-Point-Loop",
        "trails://trail/\(S.gull)/", "trails://trail/\(S.gull)?day=1", "trail://plan",
        "trails://trial/\(S.gull)", "trails://trail/gull--point", " trails://plan",
        "trails://plan/1", "trails://region/silver coast", "trails://trail/gull\tpoint",
      ].map { link in
        Example(
          "a malformed link (\(link.debugDescription)) sets a problem and changes nothing else",
          given: onTrail, when: .open(link),
          then: with(onTrail) { $0.problem = .malformedLink(link) })
      }
  }
}
