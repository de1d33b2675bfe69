/// Where the plan is kept between launches: the persistence capability, shaped like GRDB's
/// `DatabaseWriter`.
///
/// Edits, not snapshots, cross the process boundary. Several processes may share one
/// database (two `trails` commands on one file), so a write never replaces the plan with a
/// copy taken earlier: `update(_:)` reads the stored plan, hands it
/// to a change (the writer's own edits, applied by the same function its reducer uses) and
/// stores the result, all in one step that no other writer can interleave with, then returns
/// what it stored with the new ``StoredPlan/revision`` and whatever else the change made, as
/// its own type. ``revision()`` is the cheap check for writes by others.
///
/// A feature takes whichever database it is given: `SQLitePlanDatabase` (in
/// `TrailsPersistence`), ``InMemoryPlanDatabase`` for tests and previews (share one between
/// two machines to model two processes), ``FailingPlanDatabase`` to exercise error paths, or
/// a wrapper that records or replays the calls of another.
///
/// ```swift
/// let database: some PlanDatabase = .inMemory()
/// let (stored, days) = try await database.update { stored in
///   var plan = stored ?? Plan(start: today)
///   plan.days.append(PlanDay(number: plan.days.count + 1))
///   return (plan, plan.days.count)
/// }
/// let loaded = try await database.load()  // stored
/// ```
public protocol PlanDatabase: Sendable {
  /// Reads the stored plan.
  ///
  /// - Returns: The plan with its revision; `nil` when none was ever written.
  /// - Throws: What the database throws.
  func load() async throws -> StoredPlan?

  /// Applies a change to the stored plan atomically; returns what it stored and what else
  /// the change made (as GRDB's `write` returns its closure's value).
  ///
  /// Reads the stored plan (`nil` when there is none), applies the change to it once and
  /// stores the plan it returns, as one step no other writer interleaves with. When it
  /// throws, the database is as it was.
  ///
  /// The output is `Codable` and `Hashable` so that a recording can hold the call's answer
  /// as it holds any other (`Recorder.record`); it goes back to the caller untouched.
  ///
  /// - Parameter change: Makes the plan to store from the stored one (`nil` when there is
  ///   none), with an output for the caller; called once, inside the database's
  ///   transaction, so it should be quick.
  /// - Returns: What was stored, with its new revision, and the change's output.
  /// - Throws: What the database throws; it is then as it was.
  func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) async throws -> (stored: StoredPlan, output: Output)

  /// The database's current revision: cheap enough to check often, to notice another
  /// process's writes.
  ///
  /// - Returns: The revision; 0 when nothing was ever written.
  /// - Throws: What the database throws.
  func revision() async throws -> Int
}

extension PlanDatabase {
  /// Applies a change to the stored plan atomically and returns what it stored: the
  /// `update(_:)` for a change with nothing else to hand back.
  ///
  /// - Parameter change: Makes the plan to store from the stored one (`nil` when there is
  ///   none); called once, inside the database's transaction.
  /// - Returns: What was stored, with its new revision.
  /// - Throws: What the database throws; it is then as it was.
  public func update(_ change: @Sendable (Plan?) -> Plan) async throws -> StoredPlan {
    try await update { current in (change(current), Nothing()) }.stored
  }
}

/// The output of a change that hands back nothing but the plan.
private struct Nothing: Codable, Hashable, Sendable {}
