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

  @Test func aMoveToTheDayTheTrailIsOnIsRejected() {
    let once = S.restored(then: [.add(trailID: S.gull, day: 1)])
    for from in [nil, 1] {
      let state = reduced(once, .edit(.move(trailID: S.gull, from: from, to: 1)))
      #expect(state.problem == .alreadyPlanned(trailID: S.gull, day: 1))
      #expect(state.plan == once.plan)
      #expect(state.persistence == once.persistence)
    }
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
    #expect(
      state.persistence
        == .restoring(queuedEdits: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 1)]))
    #expect(state.plan.days.isEmpty)
    #expect(state.pendingWrite == nil)
  }

  @Test func aQueuedEditRejectedAfterTheRestoreIsShown() {
    let state = reduced(
      S.launch, .edit(.add(trailID: S.gull, day: 1)),
      .restored(StoredPlan(plan: S.plan([S.gull]), revision: 1)))
    #expect(state.problem == .alreadyPlanned(trailID: S.gull, day: 1))
    #expect(state.isSaved)
  }

  @Test func aStoredPlanThatNeedsTidyingIsSavedTidiedWhenRestored() {
    let untidy = Plan(
      start: S.today, days: [PlanDay(number: 1, trailIDs: [S.gull, S.gull]), PlanDay(number: 2)])
    let state = reduced(S.launch, .restored(StoredPlan(plan: untidy, revision: 1)))
    #expect(state.plan == S.plan([S.gull]))
    #expect(state.pendingWrite == Trails.PendingWrite(edits: [], fallback: untidy))
  }

  @Test func anEmptyStoreNeedsNoSaveWhenRestored() {
    let state = S.restored()
    #expect(state.isSaved)
    #expect(state.pendingWrite == nil)
  }

  @Test func aFailedSaveStaysShownUntilASaveSucceeds() throws {
    let edited = S.restored(then: [.add(trailID: S.gull, day: 1)])
    let first = try #require(edited.pendingWrite)
    let failed = reduced(edited, .writeDue(first), .writeFailed(first, message: "the disk full"))
    #expect(failed.pendingWrite == nil)  // no retry without a change
    let again = reduced(failed, .edit(.add(trailID: S.tidepool, day: 1)))
    #expect(again.persistence.saveError == "the disk full")
    let second = try #require(again.pendingWrite)
    #expect(second.edits == [.add(trailID: S.gull, day: 1), .add(trailID: S.tidepool, day: 1)])
    let stored = StoredPlan(plan: again.plan, revision: 1)
    let saved = reduced(again, .writeDue(second), .written(second, stored: stored, rejected: []))
    #expect(saved.persistence.saveError == nil)
    #expect(saved.isSaved)
  }

  @Test func nothingIsEverSavedWhenTheRestoreFailed() {
    let state = reduced(
      S.launch, .restoreFailed("the database is locked"), .edit(.add(trailID: S.gull, day: 1)))
    #expect(state.plan == S.plan([S.gull]))
    #expect(state.pendingWrite == nil)
    let stray = Trails.PendingWrite(edits: [.add(trailID: S.gull, day: 1)], fallback: S.plan())
    let stale = reduced(
      state, .written(stray, stored: StoredPlan(plan: state.plan, revision: 1), rejected: []))
    #expect(stale.persistence == .restoreFailed("the database is locked"))
  }

  @Test func anEditMadeDuringAWriteIsAppliedOnTopOfWhatTheWriteStored() throws {
    let edited = S.restored(then: [.add(trailID: S.gull, day: 1)])
    let write = try #require(edited.pendingWrite)
    let writing = reduced(edited, .writeDue(write), .edit(.add(trailID: S.tidepool, day: 2)))
    #expect(writing.pendingWrite == nil)  // it waits for the write in flight
    // Another process had planned the Cinder Corrie on day 1; the write kept it.
    let stored = StoredPlan(plan: S.plan([S.cinder, S.gull]), revision: 2)
    let after = reduced(writing, .written(write, stored: stored, rejected: []))
    #expect(after.plan == S.plan([S.cinder, S.gull], [S.tidepool]))
    #expect(after.persistence.ready?.unsavedEdits == [.add(trailID: S.tidepool, day: 2)])
    #expect(after.pendingWrite?.edits == [.add(trailID: S.tidepool, day: 2)])
  }

  @Test func aWriteAppliesItsEditsToThePlanTheStoreHoldsThen() {
    let write = Trails.PendingWrite(
      edits: [.add(trailID: S.gull, day: 2), .remove(trailID: S.tidepool, day: nil)],
      fallback: S.plan())
    let (merged, problems) = write.merged(onto: S.plan([S.cinder]), in: S.catalog)
    #expect(merged == S.plan([S.cinder], [S.gull]))
    #expect(problems == [.notPlanned(trailID: S.tidepool, day: nil)])
    let (fromEmpty, none) = write.merged(onto: nil, in: S.catalog)
    #expect(fromEmpty == S.plan([], [S.gull]))
    #expect(none == [.notPlanned(trailID: S.tidepool, day: nil)])
  }

  @Test func aTrailForecastForAnotherTrailIsDroppedWhenItArrives() {
    let state = reduced(S.restored(), .show(.trail(S.gull)))
    let after = reduced(state, .trailForecastLoaded(trailID: S.tidepool, S.forecast))
    #expect(after == state)
  }
}
