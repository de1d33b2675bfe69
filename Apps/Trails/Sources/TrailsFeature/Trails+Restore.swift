extension Trails {
  /// Where the launch's restore of the saved plan stands.
  public enum Restore: Hashable, Sendable, Codable {
    /// The saved plan is being read; edits wait in the queue and nothing is saved.
    case pending
    /// The saved plan was read and applied; the plan is saved after changes.
    case done
    /// The saved plan could not be read; edits apply in memory, and nothing is saved, so
    /// what the store holds is not overwritten.
    case failed(String)
  }
}
