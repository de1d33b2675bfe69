import CalendarDay
import TrailsModel

extension Trails {
  /// Everything the planner shows and remembers.
  ///
  /// The navigation (``tab`` and a path per tab), the plan and its ``changeCount``, where keeping the plan stands (``persistence``), the forecasts, and the
  /// last ``problem`` to tell the user about.
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
    /// How many times the plan has changed in this run.
    ///
    /// An edit, a restore or another process's plan adopted each count one. Not the database's
    /// ``StoredPlan/revision``, which counts writes to the file; recordings keep it under its
    /// old key, `revision`.
    public var changeCount: Int
    /// Distance, ascent and time over the whole plan.
    public var totals: PlanTotals
    /// Where keeping the plan stands: restoring (with the edits that wait), restore failed,
    /// or ready (the stored plan, the unwritten edits, the write in flight, the last failure).
    public var persistence: Persistence
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
      changeCount = 0
      totals = .zero
      persistence = .restoring(queuedEdits: [])
      forecasts = [:]
      trailForecast = nil
      problem = nil
    }

    /// The keys of the state's JSON in recordings: the property names, but `revision` for
    /// ``changeCount``, as recordings made before the rename store it.
    enum CodingKeys: String, CodingKey {
      case catalog, tab, explorePath, planPath, plan, totals, persistence, forecasts
      case trailForecast, problem
      case changeCount = "revision"
    }

    /// The old name of ``changeCount``.
    @available(*, deprecated, renamed: "changeCount")
    public var revision: Int {
      get { changeCount }
      set { changeCount = newValue }
    }
  }
}
