import Testing
import TrailsFeature
import TrailsModel

@testable import TrailsContract

/// Tier 1: the reducer's rows, called directly.
struct TrailsReducerTests {
  typealias S = TrailsSamples

  private func reduced(_ state: Trails.State, _ events: Trails.Event...) -> Trails.State {
    var state = state
    for event in events {
      Trails.reducer(&state, event)
    }
    return state
  }

  @Test func reselectingTheCurrentTabPopsItToItsRoot() {
    let state = reduced(S.restored(), .show(.trail(S.gull)), .select(.explore))
    #expect(state.tab == .explore)
    #expect(state.explorePath.isEmpty)
    #expect(state.trailForecast == nil)
  }

  @Test func selectingAnotherTabKeepsBothPathsWhenSwitching() {
    let state = reduced(
      S.restored(), .show(.trail(S.gull)), .select(.plan), .show(.trail(S.cinder)),
      .select(.explore))
    #expect(state.explorePath == [.region(S.coast), .trail(S.gull)])
    #expect(state.planPath == [.trail(S.cinder)])
    #expect(state.trailForecast == Trails.TrailForecast(trailID: S.gull, status: .loading))
  }

  @Test func backPopsOneStepAndDoesNothingWhenAtTheRoot() {
    let once = reduced(S.restored(), .show(.trail(S.gull)), .back)
    #expect(once.explorePath == [.region(S.coast)])
    #expect(reduced(once, .back, .back) == reduced(once, .back))
  }

  @Test func aRegionIsAProblemWhenShownInThePlanTab() {
    let planTab = reduced(S.restored(), .select(.plan))
    let state = reduced(planTab, .show(.region(S.coast)))
    #expect(state.problem == .regionOutsideExplore(S.coast))
    #expect(S.with(state) { $0.problem = nil } == planTab)
  }

  @Test func anUnknownTrailLinkChangesNothingButTheProblemWhenOpened() {
    let before = reduced(S.restored(), .show(.trail(S.gull)))
    let after = reduced(before, .open("trails://trail/atlantis-walk"))
    #expect(after == S.with(before) { $0.problem = .unknownTrail("atlantis-walk") })
  }

  @Test func theLastProblemIsClearedWhenTheNextRequestArrives() {
    let state = reduced(S.restored(), .open("nonsense"), .select(.plan))
    #expect(state.problem == nil)
    #expect(state.tab == .plan)
  }

  @Test func aTrailTwiceOnOneDayIsRejectedWhenAdded() {
    let before = S.restored(then: [.add(trailID: S.gull, day: 1)])
    let after = reduced(before, .edit(.add(trailID: S.gull, day: 1)))
    #expect(after == S.with(before) { $0.problem = .alreadyPlanned(trailID: S.gull, day: 1) })
  }

  @Test func theSameTrailOnTwoDaysIsAllowedWhenAdded() {
    let state = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 2)])
    #expect(state.plan == S.plan([S.gull], [S.gull]))
    #expect(state.problem == nil)
  }

  @Test func aDayBeyondTheRangeIsRejectedWhenAdded() {
    let state = S.restored(then: [.add(trailID: S.gull, day: 15)])
    #expect(state.problem == .dayOutOfRange(15))
    #expect(state.plan.days.isEmpty)
  }

  @Test func anUnknownTrailIsRejectedWhenAdded() {
    let state = S.restored(then: [.add(trailID: "atlantis-walk", day: 1)])
    #expect(state.problem == .unknownTrail("atlantis-walk"))
    #expect(state.revision == 0)
  }

  @Test func theTrailLeavesEveryDayWhenRemovedWithoutADay() {
    let state = S.restored(then: [
      .add(trailID: S.gull, day: 1), .add(trailID: S.tidepool, day: 1),
      .add(trailID: S.gull, day: 2), .remove(trailID: S.gull, day: nil),
    ])
    #expect(state.plan == S.plan([S.tidepool]))
    #expect(state.forecasts.keys.sorted() == [Trails.ForecastKey(day: 1, trailID: S.tidepool)])
  }

  @Test func aTrailNotPlannedIsAProblemWhenRemoved() {
    let state = S.restored(then: [.add(trailID: S.gull, day: 1), .remove(trailID: S.gull, day: 2)])
    #expect(state.problem == .notPlanned(trailID: S.gull, day: 2))
    #expect(state.plan == S.plan([S.gull]))
  }

  @Test func aTrailOnSeveralDaysNeedsItsDayWhenMoved() {
    let twice = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 2)])
    let ambiguous = reduced(twice, .edit(.move(trailID: S.gull, from: nil, to: 3)))
    #expect(ambiguous.problem == .ambiguousDay(trailID: S.gull, days: [1, 2]))
    let moved = reduced(twice, .edit(.move(trailID: S.gull, from: 2, to: 3)))
    #expect(moved.plan == S.plan([S.gull], [], [S.gull]))
  }

  @Test func aMoveOntoADayWithTheTrailIsRejected() {
    let twice = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 2)])
    let state = reduced(twice, .edit(.move(trailID: S.gull, from: 1, to: 2)))
    #expect(state.problem == .alreadyPlanned(trailID: S.gull, day: 2))
    #expect(state.plan == twice.plan)
  }

  @Test func theLastDayIsDroppedWhenItsOnlyTrailIsRemoved() {
    let state = S.restored(then: [
      .add(trailID: S.gull, day: 1), .add(trailID: S.cinder, day: 3),
      .remove(trailID: S.cinder, day: 3),
    ])
    #expect(state.plan == S.plan([S.gull]))
  }

  @Test func aMissingDayIsAProblemWhenRemoved() {
    let state = S.restored(then: [.add(trailID: S.gull, day: 1), .removeDay(2)])
    #expect(state.problem == .noSuchDay(2))
  }

  @Test func clearingKeepsTheStartDay() {
    let state = S.restored(then: [
      .setStart(S.day("2026-12-03")), .add(trailID: S.gull, day: 1), .clear,
    ])
    #expect(state.plan == Plan(start: S.day("2026-12-03")))
    #expect(state.totals == .zero)
    #expect(state.forecasts.isEmpty)
  }

  @Test func theTotalsFollowNaismithWhenTrailsAreAdded() {
    // 6.4 km + 3.2 km, 120 m + 85 m: 9.6 km × 720 s + 205 m × 6 s.
    let state = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.tidepool, day: 2)])
    #expect(state.totals.ascentM == 205)
    #expect(abs(state.totals.distanceKm - 9.6) < 1e-9)
    #expect(state.totals.estimatedTime == .seconds(8_142))
  }

  @Test func aNewStartDayKeepsTheForecastsAndShiftsTheirDates() {
    let key = Trails.ForecastKey(day: 1, trailID: S.gull)
    let loaded = reduced(
      S.restored(then: [.add(trailID: S.gull, day: 1)]), .forecastLoaded(key, S.forecast))
    let moved = reduced(loaded, .edit(.setStart(S.day("2026-12-04"))))
    #expect(moved.forecasts == loaded.forecasts)
    #expect(loaded.dailyForecast(for: key)?.date == S.today)
    #expect(moved.dailyForecast(for: key)?.date == S.day("2026-12-04"))
  }

  @Test func editsWaitInOrderWhileRestoring() {
    let state = reduced(
      S.launch, .edit(.add(trailID: S.gull, day: 1)), .edit(.add(trailID: S.gull, day: 1)))
    #expect(state.queuedEdits.count == 2)
    #expect(state.plan.days.isEmpty)
    #expect(state.pendingSave == nil)
  }

  @Test func aQueuedEditRejectedAfterTheRestoreIsShown() {
    let state = reduced(
      S.launch, .edit(.add(trailID: S.gull, day: 1)), .restored(S.plan([S.gull])))
    #expect(state.problem == .alreadyPlanned(trailID: S.gull, day: 1))
    #expect(state.isSaved)
  }

  @Test func aStoredPlanThatNeedsTidyingIsSavedTidiedWhenRestored() {
    let untidy = Plan(
      start: S.today, days: [PlanDay(number: 1, trailIDs: [S.gull, S.gull]), PlanDay(number: 2)])
    let state = reduced(S.launch, .restored(untidy))
    #expect(state.plan == S.plan([S.gull]))
    #expect(state.pendingSave == Trails.PlanRevision(revision: 1, plan: S.plan([S.gull])))
  }

  @Test func anEmptyStoreNeedsNoSaveWhenRestored() {
    let state = S.restored()
    #expect(state.isSaved)
    #expect(state.pendingSave == nil)
  }

  @Test func aFailedSaveStaysShownUntilASaveSucceeds() {
    let failed = reduced(
      S.restored(then: [.add(trailID: S.gull, day: 1)]),
      .saveFailed(revision: 1, message: "the disk is full"))
    let edited = reduced(failed, .edit(.add(trailID: S.tidepool, day: 1)))
    #expect(edited.saveError == "the disk is full")
    #expect(edited.pendingSave?.revision == 2)
    let saved = reduced(edited, .saved(Trails.PlanRevision(revision: 2, plan: edited.plan)))
    #expect(saved.saveError == nil)
    #expect(saved.isSaved)
  }

  @Test func nothingIsEverSavedWhenTheRestoreFailed() {
    let state = reduced(
      S.launch, .restoreFailed("the database is locked"), .edit(.add(trailID: S.gull, day: 1)))
    #expect(state.plan == S.plan([S.gull]))
    #expect(state.pendingSave == nil)
    let stale = reduced(state, .saved(Trails.PlanRevision(revision: 1, plan: state.plan)))
    #expect(stale.lastSaved == nil)
  }

  @Test func aTrailForecastForAnotherTrailIsDroppedWhenItArrives() {
    let state = reduced(S.restored(), .show(.trail(S.gull)))
    let after = reduced(state, .trailForecastLoaded(trailID: S.tidepool, S.forecast))
    #expect(after == state)
  }
}
