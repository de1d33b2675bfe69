import CalendarDay
import TrailsModel

extension Trails {
  /// How one edit made straight to the database ended (``edit(_:in:catalog:today:)``).
  public enum EditOutcome: Hashable, Sendable {
    /// The database holds this plan, the edit in it: written now, or already as asked (an
    /// edit that changes nothing writes nothing).
    case saved(Plan)
    /// The edit does not apply to the stored plan; nothing was written.
    case refused(Problem)
    /// The stored plan could not be read, for this reason; nothing was written.
    case unreadable(String)
    /// The write failed, for this reason; the database is as it was.
    case notSaved(String)
  }

  /// Makes one edit straight to the database, as the planner would make it and save it, with
  /// no planner: what a one-shot command (`trails plan add`) does.
  ///
  /// It reads the stored plan, applies the edit to it with the rules the planner's reducer
  /// uses (``PlanEdit``), and writes it with ``PendingWrite/merged(onto:in:)`` inside one
  /// ``PlanDatabase/update(_:)``, as the planner's write does, so another process's edit
  /// stored in between is kept. The outcome is the planner's: the contract's scenario "a
  /// one-shot edit ends as the planner does" runs both on the same database and compares.
  ///
  /// - Parameters:
  ///   - edit: The edit.
  ///   - database: The plan's database.
  ///   - catalog: Every trail, to check the edit's ids.
  ///   - today: The first day of a new plan, when the database holds none.
  /// - Returns: The plan saved, or why nothing was.
  public static func edit(
    _ edit: PlanEdit, in database: some PlanDatabase, catalog: TrailCatalog, today: Day
  ) async -> EditOutcome {
    let stored: StoredPlan
    do {
      stored = try await database.load() ?? StoredPlan(plan: Plan(start: today), revision: 0)
    } catch {
      return .unreadable(String(describing: error))
    }
    let plan = stored.plan.normalized()
    let edited: Plan
    switch edit.applied(to: plan, in: catalog) {
    case .success(let result): edited = result
    case .failure(let problem): return .refused(problem)
    }
    // The planner's rule for what to write: an edit that changes nothing is not written, and
    // a plan stored untidy is written tidied.
    let ready = Persistence.Ready(stored: stored, unsavedEdits: edited == plan ? [] : [edit])
    guard let write = ready.pendingWrite else { return .saved(plan) }
    do {
      let (saved, rejected) = try await database.update { current in
        write.merged(onto: current, in: catalog)
      }
      if let first = rejected.first { return .refused(.changedElsewhere(first)) }
      return .saved(saved.plan)
    } catch {
      return .notSaved(String(describing: error))
    }
  }
}
