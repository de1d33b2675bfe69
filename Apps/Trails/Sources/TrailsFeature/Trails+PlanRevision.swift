import TrailsModel

extension Trails {
  /// One revision of the plan: what a save writes, and what ``State/lastSaved`` remembers.
  public struct PlanRevision: Hashable, Sendable {
    /// The plan's ``State/revision`` when it was taken.
    public var revision: Int
    /// The plan at that revision.
    public var plan: Plan

    /// Creates a revision.
    ///
    /// - Parameters:
    ///   - revision: The revision number.
    ///   - plan: The plan at that revision.
    public init(revision: Int, plan: Plan) {
      self.revision = revision
      self.plan = plan
    }
  }
}
