import TrailsModel

extension Trails.State {
  /// Applies an edit, or queues it while the restore is in flight.
  mutating func accept(_ edit: Trails.PlanEdit) {
    switch restore {
    case .pending: queuedEdits.append(edit)
    case .done, .failed: perform(edit)
    }
  }

  /// The saved plan arrived: it replaces the launch plan, then the queued edits apply.
  mutating func finishRestore(with saved: Plan?) {
    guard restore == .pending else { return }
    restore = .done
    if let saved {
      let normalized = saved.normalized()
      replacePlan(with: normalized)
      // A stored plan that needed tidying is not what the store holds: save the tidy one.
      lastSaved = normalized == saved ? Trails.PlanRevision(revision: revision, plan: plan) : nil
    } else {
      lastSaved = Trails.PlanRevision(revision: revision, plan: plan)
    }
    applyQueuedEdits()
  }

  /// The saved plan could not be read: queued edits apply in memory, and nothing is saved.
  mutating func failRestore(_ message: String) {
    guard restore == .pending else { return }
    restore = .failed(message)
    applyQueuedEdits()
  }

  /// A save finished: the store holds `snapshot`, if it is still the plan's revision.
  mutating func markSaved(_ snapshot: Trails.PlanRevision) {
    guard restore == .done, snapshot.revision == revision, snapshot.plan == plan else { return }
    lastSaved = snapshot
    saveError = nil
  }

  /// A save failed: shown until a later save succeeds; the next change retries.
  mutating func markSaveFailed(revision failed: Int, message: String) {
    guard restore == .done, failed == revision, !isSaved else { return }
    saveError = message
  }

  private mutating func applyQueuedEdits() {
    let edits = queuedEdits
    queuedEdits = []
    for edit in edits {
      perform(edit)
    }
  }

  private mutating func perform(_ edit: Trails.PlanEdit) {
    switch edit.applied(to: plan, in: catalog.value) {
    case .success(let edited): replacePlan(with: edited)
    case .failure(let rejection): problem = rejection
    }
  }

  /// Makes `newPlan` the plan, as a new revision, when it differs.
  private mutating func replacePlan(with newPlan: Plan) {
    guard newPlan != plan else { return }
    plan = newPlan
    revision += 1
    totals = PlanTotals(plan: plan, catalog: catalog.value)
    let keys = plannedForecastKeys
    forecasts = forecasts.filter { keys.contains($0.key) }
    for key in keys where forecasts[key] == nil {
      forecasts[key] = .loading
    }
  }
}
