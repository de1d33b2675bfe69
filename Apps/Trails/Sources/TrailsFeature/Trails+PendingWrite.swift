import TrailsModel

extension Trails {
  /// Edits on their way to the database: what one write applies to the stored plan.
  ///
  /// A write does not send the planner's copy of the plan: ``PlanDatabase/update(_:)`` reads
  /// the plan the database holds, inside its transaction, and the edits are applied to that
  /// plan by the function the reducer uses, so another process's edits stored meanwhile are kept.
  public struct PendingWrite: Hashable, Sendable, Codable {
    /// The edits, in the order the user made them; empty when only the stored plan needs
    /// tidying.
    public var edits: [PlanEdit]
    /// The plan the edits apply to when the database holds none: the launch plan.
    public var fallback: Plan

    /// Creates a pending write.
    ///
    /// - Parameters:
    ///   - edits: The edits, in order.
    ///   - fallback: The plan they apply to when the database holds none.
    public init(edits: [PlanEdit], fallback: Plan) {
      self.edits = edits
      self.fallback = fallback
    }

    /// The stored plan (or ``fallback``), tidied, with every edit that still applies
    /// applied, and the problems of those that no longer do.
    ///
    /// - Parameters:
    ///   - stored: The plan the database holds, if any.
    ///   - catalog: Every trail, to check the edits' ids.
    /// - Returns: The plan to store and the edits' problems, in order.
    public func merged(onto stored: Plan?, in catalog: TrailCatalog)
      -> (plan: Plan, output: [Problem])
    {
      var plan = (stored ?? fallback).normalized()
      var problems: [Problem] = []
      for edit in edits {
        switch edit.applied(to: plan, in: catalog) {
        case .success(let edited): plan = edited
        case .failure(let problem): problems.append(problem)
        }
      }
      return (plan, problems)
    }
  }
}
