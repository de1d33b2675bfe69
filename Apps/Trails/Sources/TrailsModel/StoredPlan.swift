/// The plan as a ``PlanDatabase`` holds it, with the database's revision of it.
///
/// The revision counts the database's writes: 0 before the first, then one more for every write,
/// whichever process made it. Two reads with the same revision read the same plan.
public struct StoredPlan: Hashable, Sendable, Codable {
  /// The plan.
  public var plan: Plan
  /// The database's revision: how many writes made it.
  public var revision: Int

  /// Creates a stored plan.
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - revision: The database's revision of it.
  public init(plan: Plan, revision: Int) {
    self.plan = plan
    self.revision = revision
  }
}
