import LoopContracts
import TrailsFeature
import TrailsModel

extension Trails {
  /// What each event may and may not change, from docs/apps/trails.md: browsing never
  /// touches the plan or its saving, editing never moves the user, a refused edit keeps the
  /// plan, an answer changes only what it answers and only while it is awaited, and a failed
  /// write loses no edit.
  static let laws: [Law<State, Event, Kind>] = [
    Law(
      "browsing leaves the plan, its saving and its forecasts alone",
      on: .select, .show, .back, .open
    ) { before, _, after in
      after.plan == before.plan && after.changeCount == before.changeCount
        && after.totals == before.totals && after.persistence == before.persistence
        && after.forecasts == before.forecasts
    },
    Law("a link opens only in one of the three shapes, its scheme and host in any case", on: .open)
    { _, event, after in
      guard case .open(let text) = event, after.problem != .malformedLink(text) else {
        return true
      }
      // docs/apps/trails.md: trails://region/<id>, trails://trail/<id> or trails://plan.
      let lowered = text.lowercased()
      guard lowered.hasPrefix("trails://") else { return false }
      let rest = lowered.dropFirst("trails://".count)
      return rest == "plan" || rest.hasPrefix("region/") || rest.hasPrefix("trail/")
    },
    // docs/apps/trails.md: a request that cannot be carried out sets a problem; the next
    // request clears it. So a request's step never depends on the problem shown before it.
    Law(
      "a user's request first clears the last problem: its step is the same without it",
      on: Kind.requests
    ) { before, event, after in
      var expected = before
      expected.problem = nil
      Trails.reducer(&expected, event)
      return expected == after
    },
    Law("an edit never changes the tab or the explore path", on: Kind.edits) { before, _, after in
      after.tab == before.tab && after.explorePath == before.explorePath
    },
    Law("a refused edit keeps the plan and the edits waiting to be saved", on: Kind.edits) {
      before, _, after in
      after.problem == nil
        || (after.plan == before.plan && after.persistence == before.persistence
          && after.changeCount == before.changeCount)
    },
    Law(
      "a day's forecast changes only that forecast, and only while it loads",
      on: .forecastLoaded, .forecastFailed
    ) { before, event, after in
      let key: ForecastKey
      switch event {
      case .forecastLoaded(let answered, _), .forecastFailed(let answered, _): key = answered
      default: return true
      }
      guard before.forecasts[key] == .loading else { return after == before }
      var expected = before
      expected.forecasts[key] = after.forecasts[key]
      return expected == after && after.forecasts[key] != .loading
    },
    Law(
      "the trail page's forecast changes only it, and only for the trail awaited",
      on: .trailForecastLoaded, .trailForecastFailed
    ) { before, event, after in
      let trailID: String
      switch event {
      case .trailForecastLoaded(let answered, _), .trailForecastFailed(let answered, _):
        trailID = answered
      default: return true
      }
      guard before.trailForecast == TrailForecast(trailID: trailID, status: .loading) else {
        return after == before
      }
      var expected = before
      expected.trailForecast = after.trailForecast
      return expected == after && after.trailForecast?.trailID == trailID
    },
    Law("an answer for a write not in flight changes nothing", on: .written, .writeFailed) {
      before, event, after in
      switch event {
      case .written(let write, _, _), .writeFailed(let write, _):
        return write == before.persistence.ready?.writing || after == before
      default: return true
      }
    },
    Law(
      "a failed write loses no edit: its edits wait again, before the newer ones",
      on: .writeFailed
    ) { before, event, after in
      guard case .writeFailed(let write, let message) = event,
        let waiting = before.persistence.ready?.unsavedEdits,
        write == before.persistence.ready?.writing,
        let ready = after.persistence.ready
      else { return true }
      return ready.unsavedEdits == write.edits + waiting && after.plan == before.plan
        && ready.failure?.message == message && ready.writing == nil
    },
    // docs/apps/trails.md: a failed write is retried on the next change, not before.
    Law("a failed write is not retried until the plan changes", on: .writeFailed) {
      before, event, after in
      guard case .writeFailed(let write, _) = event, write == before.persistence.ready?.writing
      else { return true }
      return after.pendingWrite == nil
    },
  ]
}
