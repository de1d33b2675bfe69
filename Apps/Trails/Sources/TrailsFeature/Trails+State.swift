import TrailsModel

extension Trails {
  /// Everything the planner shows and remembers.
  ///
  /// The navigation (``tab`` and a path per tab), the plan and its ``revision`` (counted up on
  /// every change), where persistence stands (``restore``, ``queuedEdits``, ``stored``,
  /// ``unsavedEdits``, ``writing``, ``saveError``), the forecasts, and the last ``problem``
  /// to tell the user about.
  ///
  /// The plan is always ``stored`` with the edits of ``writing`` and ``unsavedEdits`` applied
  /// on top, in order: when the store's plan changes (a write of ours, or another process's),
  /// the edits not yet written are applied again to the new stored plan.
  public struct State: Hashable, Sendable, Codable {
    /// Every region and trail: the reducer checks ids and adds up distances with it.
    public var catalog: CatalogSnapshot
    /// The tab on screen.
    public var tab: Tab
    /// The explore tab's path: empty at its root (the regions), then a region, then one of
    /// its trails.
    public var explorePath: [Route]
    /// The plan tab's path: empty at its root (the plan), or one trail.
    public var planPath: [Route]
    /// The trip: its start day and the trails of each day.
    public var plan: Plan
    /// Counts the plan's changes; each change makes a new revision.
    public var revision: Int
    /// Distance, ascent and time over the whole plan.
    public var totals: PlanTotals
    /// Whether the saved plan has been read yet.
    public var restore: Restore
    /// Edits made while the restore was in flight, applied in order once it completes.
    public var queuedEdits: [PlanEdit]
    /// The plan the store holds, as far as the planner knows, with the store's revision: the
    /// one restored (or the launch plan at revision 0, from an empty store), then the one each
    /// write returned or another process stored; `nil` until the restore completes.
    public var stored: StoredPlan?
    /// Edits applied to the plan and not yet written, in order.
    public var unsavedEdits: [PlanEdit]
    /// The write in flight, if any.
    public var writing: PendingWrite?
    /// The edits of the last write that failed, until the next change: not retried before.
    public var failedEdits: [PlanEdit]?
    /// Why the last write failed, until a write succeeds.
    public var saveError: String?
    /// The forecast of each planned day's trail: one entry per planned (day, trail).
    public var forecasts: [ForecastKey: ForecastStatus]
    /// The forecast of the trail on screen, if a trail is on screen.
    public var trailForecast: TrailForecast?
    /// The last request that could not be carried out, and why.
    public var problem: Problem?

    /// The launch state: the explore tab at its root, nothing restored yet, and an empty plan
    /// starting `today`, which stands until the restore replaces it.
    ///
    /// - Parameters:
    ///   - catalog: Every region and trail.
    ///   - today: The day a new plan starts on.
    public init(catalog: TrailCatalog, today: Day) {
      self.catalog = CatalogSnapshot(catalog)
      tab = .explore
      explorePath = []
      planPath = []
      plan = Plan(start: today)
      revision = 0
      totals = .zero
      restore = .pending
      queuedEdits = []
      stored = nil
      unsavedEdits = []
      writing = nil
      failedEdits = nil
      saveError = nil
      forecasts = [:]
      trailForecast = nil
      problem = nil
    }
  }
}
