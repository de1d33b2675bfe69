import LoopContracts
import TrailsFeature
import TrailsModel

extension Trails {
  static let invariants: [Invariant<State>] = [
    Invariant("the explore path starts at a region, and a trail on it is in that region") {
      state in
      switch state.explorePath.count {
      case 0: return true
      case 1...2:
        guard case .region(let id) = state.explorePath[0], state.catalog.region(id: id) != nil
        else { return false }
        guard state.explorePath.count == 2 else { return true }
        guard case .trail(let trailID) = state.explorePath[1] else { return false }
        return state.catalog.trail(id: trailID)?.regionID == id
      default: return false
      }
    },
    Invariant("the plan path is empty or one trail") { state in
      state.planPath.isEmpty
        || (state.planPath.count == 1
          && state.planPath[0].trailID.map { state.catalog.trail(id: $0) != nil } == true)
    },
    Invariant("no trail is planned twice on one day") { state in
      state.plan.days.allSatisfy { Set($0.trailIDs).count == $0.trailIDs.count }
    },
    Invariant("the days are numbered 1, 2, ... and the last one has a trail") { state in
      state.plan.days.map(\.number) == Array(state.plan.days.indices.map { $0 + 1 })
        && state.plan.days.last?.trailIDs.isEmpty != true
    },
    Invariant("the totals add every planned trail's length and climb, once per day planned") {
      state in
      // Summed here from the catalog's figures, not by PlanTotals, the code under test.
      let planned = state.plan.days.flatMap(\.trailIDs)
      let trails = state.catalog.value.trails.filter { planned.contains($0.id) }
      let km = planned.map { id in trails.first { $0.id == id }?.distanceKm ?? 0 }
      let climb = planned.map { id in trails.first { $0.id == id }?.ascentM ?? 0 }
      return abs(state.totals.distanceKm - km.reduce(0, +)) < 1e-9
        && state.totals.ascentM == climb.reduce(0, +)
    },
    // docs/apps/trails.md: the plan is restored at launch before any edit applies.
    Invariant("while restoring, no edit has applied: the plan is the launch plan") { state in
      !state.persistence.isRestoring || state.changeCount == 0
    },
    // The plan is always the stored plan with the edits not yet written (in flight, then
    // waiting) applied on top, in order, each of them still applying.
    Invariant("the plan is the stored plan with the edits not yet written applied, in order") {
      state in
      guard let ready = state.persistence.ready else { return true }
      let unwritten = (ready.writing?.edits ?? []) + ready.unsavedEdits
      let (plan, refused) = PendingWrite(edits: unwritten, fallback: ready.stored.plan)
        .merged(onto: ready.stored.plan, in: state.catalog.value)
      return plan == state.plan && refused.isEmpty
    },
    Invariant("a plan reported saved is exactly the stored plan") { state in
      !state.isSaved || state.persistence.ready?.stored.plan == state.plan
    },
    Invariant("a save error means the plan is not saved") { state in
      state.persistence.saveError == nil || !state.isSaved
    },
    // docs/apps/trails.md: a failed write is retried on the next change and loses no edit: its
    // edits stay first among those not yet written (in flight again, or waiting), in order.
    Invariant("edits shown as failed are the first of those not yet written, in order") { state in
      guard let ready = state.persistence.ready, let failed = ready.failure?.edits else {
        return true
      }
      return ((ready.writing?.edits ?? []) + ready.unsavedEdits).starts(with: failed)
    },
    Invariant("nothing is waiting to be written while a write is in flight") { state in
      state.persistence.ready?.writing == nil || state.pendingWrite == nil
    },
    Invariant("forecasts are kept only for planned days, one for each") { state in
      Set(state.forecasts.keys) == state.plannedForecastKeys
    },
    Invariant("the trail forecast is for the trail on screen") { state in
      state.trailForecast?.trailID == state.shownTrailID
    },
  ]
}
