import TrailsModel

extension Trails.State {
  /// The reducer's body: one event, one step.
  ///
  /// A user's request first clears the last ``problem``; a request that cannot be carried out
  /// sets a new one and changes nothing else.
  mutating func reduce(_ event: Trails.Event) {
    switch event {
    case .select(let tab):
      problem = nil
      select(tab)
    case .show(let route):
      problem = nil
      show(route)
    case .back:
      problem = nil
      back()
    case .open(let link):
      problem = nil
      open(link)
    case .edit(let edit):
      problem = nil
      accept(edit)
    case .restored(let saved):
      finishRestore(with: saved)
    case .restoreFailed(let message):
      failRestore(message)
    case .writeDue(let write):
      startWrite(write)
    case .written(let write, let stored, let rejected):
      finishWrite(write, stored: stored, rejected: rejected)
    case .writeFailed(let write, let message):
      failWrite(write, message: message)
    case .storeChanged(let stored):
      adoptStored(stored)
    case .forecastLoaded(let key, let forecast):
      settleForecast(key, .loaded(forecast))
    case .forecastFailed(let key, let message):
      settleForecast(key, .failed(message))
    case .trailForecastLoaded(let trailID, let forecast):
      settleTrailForecast(trailID, .loaded(forecast))
    case .trailForecastFailed(let trailID, let message):
      settleTrailForecast(trailID, .failed(message))
    }
  }

  /// Applies an edit: queued while restoring, in memory only once the restore failed, and
  /// otherwise to be written.
  private mutating func accept(_ edit: Trails.PlanEdit) {
    switch persistence {
    case .restoring(let queued):
      persistence = .restoring(queuedEdits: queued + [edit])
    case .restoreFailed:
      perform(edit)
    case .ready(var ready):
      guard perform(edit) else { return }
      ready.unsavedEdits.append(edit)
      persistence = .ready(ready)
    }
  }

  /// The stored plan arrived (`nil`: the store is empty, and the launch plan stands at
  /// revision 0): it replaces the launch plan, then the queued edits apply.
  private mutating func finishRestore(with saved: StoredPlan?) {
    guard case .restoring(let queued) = persistence else { return }
    let known = saved ?? StoredPlan(plan: plan, revision: 0)
    persistence = .ready(Trails.Persistence.Ready(stored: known))
    replacePlan(with: known.plan.normalized())
    for edit in queued { accept(edit) }
  }

  /// The stored plan could not be read: queued edits apply in memory, and nothing is written.
  private mutating func failRestore(_ message: String) {
    guard case .restoring(let queued) = persistence else { return }
    persistence = .restoreFailed(message)
    for edit in queued { accept(edit) }
  }

  /// The quiet window passed: the pending edits go to the store, unless they changed since.
  private mutating func startWrite(_ write: Trails.PendingWrite) {
    guard case .ready(var ready) = persistence, ready.pendingWrite == write else { return }
    ready.writing = write
    ready.unsavedEdits = []
    persistence = .ready(ready)
  }

  /// A write finished: the store holds `stored`; the edits made meanwhile apply on top, and
  /// the first edit it could not apply is reported.
  private mutating func finishWrite(
    _ write: Trails.PendingWrite, stored: StoredPlan, rejected: [Trails.Problem]
  ) {
    guard case .ready(var ready) = persistence, ready.writing == write else { return }
    ready.writing = nil
    ready.failure = nil
    ready.stored = stored
    if let first = rejected.first { problem = .changedElsewhere(first) }
    rebase(ready)
  }

  /// A write failed: its edits are unwritten again, first, shown as failed until the next
  /// change.
  private mutating func failWrite(_ write: Trails.PendingWrite, message: String) {
    guard case .ready(var ready) = persistence, ready.writing == write else { return }
    ready.writing = nil
    ready.unsavedEdits = write.edits + ready.unsavedEdits
    ready.failure = Trails.Persistence.SaveFailure(message: message, edits: ready.unsavedEdits)
    persistence = .ready(ready)
  }

  /// Another process stored a newer plan: the unwritten edits apply on top of it.
  private mutating func adoptStored(_ stored: StoredPlan?) {
    guard case .ready(var ready) = persistence, ready.writing == nil, let stored,
      stored.revision > ready.stored.revision
    else { return }
    ready.stored = stored
    rebase(ready)
  }

  /// Makes `ready` the persistence and its rebased plan the plan; an edit that no longer
  /// applies is reported.
  private mutating func rebase(_ ready: Trails.Persistence.Ready) {
    var ready = ready
    let (rebased, rejection) = ready.rebase(in: catalog.value)
    if let rejection { problem = .changedElsewhere(rejection) }
    persistence = .ready(ready)
    replacePlan(with: rebased)
  }

  /// Applies `edit` to the plan, or sets the ``problem`` when it is refused.
  ///
  /// - Returns: Whether the plan changed.
  @discardableResult
  private mutating func perform(_ edit: Trails.PlanEdit) -> Bool {
    switch edit.applied(to: plan, in: catalog.value) {
    case .success(let edited):
      guard edited != plan else { return false }
      replacePlan(with: edited)
      return true
    case .failure(let rejection):
      problem = rejection
      return false
    }
  }

  /// Makes `newPlan` the plan, counting the change, when it differs.
  private mutating func replacePlan(with newPlan: Plan) {
    guard newPlan != plan else { return }
    plan = newPlan
    changeCount += 1
    totals = PlanTotals(plan: plan, catalog: catalog.value)
    let keys = plannedForecastKeys
    forecasts = forecasts.filter { keys.contains($0.key) }
    for key in keys where forecasts[key] == nil {
      forecasts[key] = .loading
    }
  }

  /// Records a planned forecast's answer, unless its day or trail has left the plan.
  private mutating func settleForecast(_ key: Trails.ForecastKey, _ status: Trails.ForecastStatus) {
    guard forecasts[key] == .loading else { return }
    forecasts[key] = status
  }

  /// Records the trail forecast's answer, unless another trail is on screen by now.
  private mutating func settleTrailForecast(_ trailID: String, _ status: Trails.ForecastStatus) {
    guard trailForecast == Trails.TrailForecast(trailID: trailID, status: .loading) else { return }
    trailForecast?.status = status
  }
}
