extension TrailStore {
  /// A store that keeps the plan in memory, starting with `plan` (at revision 1 when given).
  ///
  /// Each call makes a new, independent store; every copy of the returned value shares it,
  /// as processes share one database: ``update`` runs under a lock, so two machines given the
  /// same store merge their edits as two processes on one SQLite file do.
  ///
  /// - Parameter plan: The plan already stored; none by default.
  /// - Returns: A store that never fails.
  public static func inMemory(_ plan: Plan? = nil) -> TrailStore {
    let stored = LockedPlan(plan.map { StoredPlan(plan: $0, revision: 1) })
    return TrailStore(
      load: { stored.value },
      update: { change in stored.update(change) },
      revision: { stored.value?.revision ?? 0 })
  }

  /// A store whose every call throws `error`.
  ///
  /// To fail only writing, build one from parts:
  /// `TrailStore(load: { stored }, update: { _ in throw error }, revision: { 1 })`.
  ///
  /// - Parameter error: What every call throws.
  /// - Returns: A store that always fails.
  public static func failing(_ error: any Error) -> TrailStore {
    TrailStore(load: { throw error }, update: { _ in throw error }, revision: { throw error })
  }
}
