import TrailsModel

extension Trails.State {
  /// Applies an edit, or queues it while the restore is in flight.
  mutating func accept(_ edit: Trails.PlanEdit) {
    switch restore {
    case .pending: queuedEdits.append(edit)
    case .done, .failed: perform(edit)
    }
  }

  /// The stored plan arrived: it replaces the launch plan, then the queued edits apply.
  mutating func finishRestore(with saved: StoredPlan?) {
    guard restore == .pending else { return }
    restore = .done
    let known = saved ?? StoredPlan(plan: plan, revision: 0)
    stored = known
    replacePlan(with: known.plan.normalized())
    let edits = queuedEdits
    queuedEdits = []
    for edit in edits {
      perform(edit)
    }
  }

  /// The stored plan could not be read: queued edits apply in memory, and nothing is written.
  mutating func failRestore(_ message: String) {
    guard restore == .pending else { return }
    restore = .failed(message)
    let edits = queuedEdits
    queuedEdits = []
    for edit in edits {
      perform(edit)
    }
  }

  /// The quiet window passed: the pending edits go to the store, unless they changed since.
  mutating func startWrite(_ write: Trails.PendingWrite) {
    guard pendingWrite == write else { return }
    writing = write
    unsavedEdits = []
  }

  /// A write finished: the store holds `newStored`; the edits made meanwhile apply on top.
  mutating func finishWrite(
    _ write: Trails.PendingWrite, stored newStored: StoredPlan, rejected: [Trails.Problem]
  ) {
    guard writing == write else { return }
    writing = nil
    failedEdits = nil
    saveError = nil
    stored = newStored
    if let first = rejected.first { problem = .changedElsewhere(first) }
    rebase()
  }

  /// A write failed: its edits are unwritten again, shown as failed until the next change.
  mutating func failWrite(_ write: Trails.PendingWrite, message: String) {
    guard writing == write else { return }
    writing = nil
    unsavedEdits = write.edits + unsavedEdits
    failedEdits = unsavedEdits
    saveError = message
  }

  /// Another process stored a newer plan: the unwritten edits apply on top of it.
  mutating func adoptStored(_ newStored: StoredPlan?) {
    guard restore == .done, writing == nil, let newStored,
      newStored.revision > stored?.revision ?? 0
    else { return }
    stored = newStored
    rebase()
  }

  /// Makes the plan the stored plan, tidied, with the unwritten edits applied again in order;
  /// an edit that no longer applies is dropped and reported.
  private mutating func rebase() {
    guard let stored else { return }
    var rebased = stored.plan.normalized()
    var kept: [Trails.PlanEdit] = []
    for edit in unsavedEdits {
      switch edit.applied(to: rebased, in: catalog.value) {
      case .success(let edited):
        rebased = edited
        kept.append(edit)
      case .failure(let rejection):
        problem = .changedElsewhere(rejection)
      }
    }
    if kept != unsavedEdits { failedEdits = nil }
    unsavedEdits = kept
    replacePlan(with: rebased)
    // Nothing of ours is left unwritten: an earlier failure no longer stands.
    if isSaved {
      saveError = nil
      failedEdits = nil
    }
  }

  private mutating func perform(_ edit: Trails.PlanEdit) {
    switch edit.applied(to: plan, in: catalog.value) {
    case .success(let edited):
      guard edited != plan else { return }
      replacePlan(with: edited)
      if restore == .done { unsavedEdits.append(edit) }
    case .failure(let rejection):
      problem = rejection
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
