extension TrailStore {
  /// A store that keeps the plan in memory, starting with `plan`.
  ///
  /// Each call makes a new, independent store; `load` returns what the last `save` stored.
  ///
  /// - Parameter plan: The plan already saved; none by default.
  /// - Returns: A store that never fails.
  public static func inMemory(_ plan: Plan? = nil) -> TrailStore {
    let saved = LockedPlan(plan)
    return TrailStore(load: { saved.value }, save: { saved.value = $0 })
  }

  /// A store whose `load` and `save` both throw `error`.
  ///
  /// To fail only saving, build one from parts:
  /// `TrailStore(load: { plan }, save: { _ in throw error })`.
  ///
  /// - Parameter error: What every call throws.
  /// - Returns: A store that always fails.
  public static func failing(_ error: any Error) -> TrailStore {
    TrailStore(load: { throw error }, save: { _ in throw error })
  }
}
