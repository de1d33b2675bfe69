import TrailsFeature
import TrailsModel

extension Trails {
  /// The events worth trying, as a user would: browsing in the explore tab (a route, a good
  /// and a malformed link, adding the trail on screen), editing in the plan tab (three trails
  /// on days 1 to 3, removing, moving, a day removed, a new start, clearing), switching tabs
  /// everywhere; and the answer to whatever is in flight.
  ///
  /// Each forecast in flight gets one answer, chosen by its key (a trail forecast for the Gull
  /// Point Loop loads, others fail), so exploration reaches both without doubling the states.
  static let alphabet: @Sendable (State) -> [Event] = { state in
    typealias S = TrailsSamples
    var events: [Event] = [.select(.explore), .select(.plan), .back]
    switch state.tab {
    case .explore:
      events += [
        .show(.trail(S.tidepool)), .open("trails://trail/\(S.gull)"),
        .open("trails:/trail/\(S.gull)"), .open("TRAILS://Plan"), .open("trailz://plan"),
        .open("trailr://plan"),
        .open("trails://pla"),
      ]
      if let trail = state.shownTrailID {
        events.append(.edit(.add(trailID: trail, day: 1)))
      }
    case .plan where state.persistence.isRestoring:
      // Queued edits are all kept, in order: two a step are enough to show it (an add, and
      // each other kind in turn), and more would multiply the queues to explore.
      let others: [PlanEdit] = [
        .remove(trailID: S.gull, day: nil), .move(trailID: S.gull, from: nil, to: 2),
        .removeDay(1), .setStart(S.today.adding(days: 1)), .clear,
      ]
      events += [
        .edit(.add(trailID: S.gull, day: 1)),
        .edit(others[queued(in: state).count % others.count]),
      ]
    case .plan:
      events += [
        .edit(.add(trailID: S.gull, day: 1)), .edit(.add(trailID: S.tidepool, day: 2)),
        .edit(.add(trailID: S.cinder, day: 3)), .edit(.remove(trailID: S.gull, day: nil)),
        .edit(.move(trailID: S.gull, from: nil, to: 2)), .edit(.removeDay(1)),
        .edit(.setStart(S.today.adding(days: 1))), .edit(.clear),
      ]
    }
    return events + answers(state)
  }

  /// The answers to what is in flight (the restore, the quiet window, the write, the first
  /// forecast waiting), another process's write, and late or stale answers to what is not,
  /// which must change nothing.
  private static func answers(_ state: State) -> [Event] {
    typealias S = TrailsSamples
    // Answers for a write the planner never started: ones the runtime would have dropped.
    let stray = PendingWrite(edits: [.clear], fallback: S.plan([S.tidepool]))
    var events: [Event] = [
      .writeDue(stray),
      .written(stray, stored: StoredPlan(plan: S.plan([S.tidepool]), revision: 99), rejected: []),
      .writeFailed(stray, message: "the disk is full"),
      .storeChanged(StoredPlan(plan: S.plan([S.tidepool]), revision: 0)),
    ]
    let stored = StoredPlan(plan: S.plan([S.cinder]), revision: 1)
    if state.persistence.isRestoring {
      events += [.restored(nil), .restored(stored), .restoreFailed("the database is locked")]
    } else {
      events += [.restored(stored), .restoreFailed("the database is locked")]
    }
    if let write = state.pendingWrite {
      events.append(.writeDue(write))
    }
    if let write = state.persistence.ready?.writing, let known = state.persistence.ready?.stored {
      // The store's answer: the edits on the plan it holds (here, the one the planner knows).
      let (merged, rejected) = write.merged(
        onto: known.revision == 0 ? nil : known.plan, in: state.catalog.value)
      events += [
        .written(
          write, stored: StoredPlan(plan: merged, revision: known.revision + 1),
          rejected: rejected),
        .writeFailed(write, message: "the disk is full"),
      ]
    }
    if let known = state.persistence.ready?.stored, known.revision < 2 {
      // Another process removes the first planned trail (or plans the Cinder Corrie).
      var theirs = known.plan
      if let first = theirs.days.first(where: { !$0.trailIDs.isEmpty })?.trailIDs.first {
        for index in theirs.days.indices { theirs.days[index].trailIDs.removeAll { $0 == first } }
      } else {
        theirs = S.plan([S.cinder])
      }
      events.append(.storeChanged(StoredPlan(plan: theirs, revision: known.revision + 1)))
    }
    if let key = state.forecasts.keys.sorted().first(where: { state.forecasts[$0] == .loading }) {
      events.append(
        key.day == 1
          ? .forecastLoaded(key, S.forecast) : .forecastFailed(key, "no forecast: offline"))
    } else {
      let unplanned = ForecastKey(day: 9, trailID: S.gull)
      events += [
        .forecastLoaded(unplanned, S.forecast), .forecastFailed(unplanned, "no forecast: offline"),
      ]
    }
    if let shown = state.trailForecast, shown.status == .loading {
      events.append(
        shown.trailID == S.gull
          ? .trailForecastLoaded(trailID: shown.trailID, S.forecast)
          : .trailForecastFailed(trailID: shown.trailID, "no forecast: offline"))
    } else {
      events.append(.trailForecastFailed(trailID: S.cinder, "no forecast: offline"))
    }
    return events
  }

  /// The edits waiting for the restore.
  private static func queued(in state: State) -> [PlanEdit] {
    guard case .restoring(let queued) = state.persistence else { return [] }
    return queued
  }
}
