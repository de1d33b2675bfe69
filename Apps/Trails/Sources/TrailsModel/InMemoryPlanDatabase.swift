import LoopSynchronization

/// A ``PlanDatabase`` that keeps the plan in memory, for tests and previews.
///
/// Every reference to one instance shares its plan, as processes share one database file:
/// `update` runs under a lock, so two machines given the same instance merge their edits as
/// two processes on one SQLite file do. The lock is the only thing that serialises it.
///
/// ```swift
/// let shared = InMemoryPlanDatabase(Plan(start: today))
/// let stored = shared.load()  // the plan, at revision 1
/// ```
public final class InMemoryPlanDatabase: PlanDatabase {
  /// The stored plan; `nil` until the first write (without a plan to start with).
  private let stored: Mutex<StoredPlan?>

  /// Creates a database holding `plan`, at revision 1 when given.
  ///
  /// - Parameter plan: The plan already stored; none by default.
  public init(_ plan: Plan? = nil) {
    stored = Mutex(plan.map { StoredPlan(plan: $0, revision: 1) })
  }

  /// The stored plan; `nil` when none was written.
  ///
  /// - Returns: The plan with its revision.
  public func load() -> StoredPlan? {
    stored.withLock { $0 }
  }

  /// Applies `change` to the stored plan under the lock, as the next revision.
  ///
  /// - Parameter change: Makes the plan to store from the stored one, with an output.
  /// - Returns: What was stored and the change's output.
  public func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) -> (stored: StoredPlan, output: Output) {
    stored.withLock { stored in
      let (plan, output) = change(stored?.plan)
      let next = StoredPlan(plan: plan, revision: (stored?.revision ?? 0) + 1)
      stored = next
      return (next, output)
    }
  }

  /// The stored plan's revision; 0 when none was written.
  ///
  /// - Returns: The revision.
  public func revision() -> Int {
    stored.withLock { $0?.revision ?? 0 }
  }
}

extension PlanDatabase where Self == InMemoryPlanDatabase {
  /// A new, independent in-memory database holding `plan` (at revision 1 when given).
  ///
  /// - Parameter plan: The plan already stored; none by default.
  /// - Returns: A database that never fails.
  public static func inMemory(_ plan: Plan? = nil) -> InMemoryPlanDatabase {
    InMemoryPlanDatabase(plan)
  }
}
