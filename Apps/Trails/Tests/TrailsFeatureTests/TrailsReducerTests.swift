import Testing
import TrailsFeature
import TrailsModel

@testable import TrailsContract

/// Tier 1: the reducer's rows no example, invariant, law or scenario of the contract states,
/// called directly.
struct TrailsReducerTests {
  typealias S = TrailsSamples

  private func reduced(_ state: Trails.State, _ events: Trails.Event...) -> Trails.State {
    var state = state
    for event in events {
      Trails.reducer(&state, event)
    }
    return state
  }

  @Test func selectingAnotherTabKeepsBothPathsWhenSwitching() {
    let state = reduced(
      S.restored(), .show(.trail(S.gull)), .select(.plan), .show(.trail(S.cinder)),
      .select(.explore))
    #expect(state.explorePath == [.region(S.coast), .trail(S.gull)])
    #expect(state.planPath == [.trail(S.cinder)])
    #expect(state.trailForecast == Trails.TrailForecast(trailID: S.gull, status: .loading))
  }

  @Test func backDoesNothingWhenAtTheRoot() {
    let atRoot = reduced(S.restored(), .show(.region(S.coast)), .back)
    #expect(atRoot.explorePath.isEmpty)
    #expect(reduced(atRoot, .back) == atRoot)
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

  @Test func theSameTrailOnTwoDaysIsAllowedWhenAdded() {
    let state = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 2)])
    #expect(state.plan == S.plan([S.gull], [S.gull]))
    #expect(state.problem == nil)
  }

  @Test func theTrailLeavesEveryDayWhenRemovedWithoutADay() {
    let state = S.restored(then: [
      .add(trailID: S.gull, day: 1), .add(trailID: S.tidepool, day: 1),
      .add(trailID: S.gull, day: 2), .remove(trailID: S.gull, day: nil),
    ])
    #expect(state.plan == S.plan([S.tidepool]))
    #expect(state.forecasts.keys.sorted() == [Trails.ForecastKey(day: 1, trailID: S.tidepool)])
  }

  @Test func aTrailOnSeveralDaysMovesFromTheDayNamed() {
    let twice = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 2)])
    let moved = reduced(twice, .edit(.move(trailID: S.gull, from: 2, to: 3)))
    #expect(moved.plan == S.plan([S.gull], [], [S.gull]))
  }

  @Test func aMoveOntoADayWithTheTrailIsRejected() {
    let twice = S.restored(then: [.add(trailID: S.gull, day: 1), .add(trailID: S.gull, day: 2)])
    let state = reduced(twice, .edit(.move(trailID: S.gull, from: 1, to: 2)))
    #expect(state.problem == .alreadyPlanned(trailID: S.gull, day: 2))
    #expect(state.plan == twice.plan)
  }

  @Test func clearingKeepsTheStartDay() {
    let state = S.restored(then: [
      .setStart(S.day("2026-12-03")), .add(trailID: S.gull, day: 1), .clear,
    ])
    #expect(state.plan == Plan(start: S.day("2026-12-03")))
    #expect(state.totals == .zero)
    #expect(state.forecasts.isEmpty)
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
}
