/// Where the plan is kept between launches: the persistence capability.
///
/// Edits, not snapshots, cross the process boundary. Several processes may share one store
/// (two `trails` commands on one database), so a write never replaces the plan with a copy
/// taken earlier: ``update`` reads the stored plan, hands it to a change (the writer's own
/// edits, applied by the same function its reducer uses) and stores the result, all in one
/// step that no other writer can interleave with, then returns what it stored with the new
/// ``StoredPlan/revision``. ``revision`` is the cheap check for writes by others.
///
/// A struct of closures, so a feature takes whichever store it is given: the SQLite one
/// (`TrailStore.sqlite(path:)` in `TrailsPersistence`), ``inMemory(_:)`` for tests and
/// previews (share one value between two machines to model two processes), or
/// ``failing(_:)`` to exercise error paths.
///
/// ```swift
/// let store = TrailStore.inMemory()
/// let stored = try await store.update { stored in
///   var plan = stored ?? Plan(start: today)
///   plan.days.append(PlanDay(number: plan.days.count + 1))
///   return plan
/// }
/// try await store.load()  // stored
/// ```
public struct TrailStore: Sendable {
  /// Reads the stored plan; `nil` when none was ever written.
  public var load: @Sendable () async throws -> StoredPlan?
  /// Applies a change to the stored plan atomically and returns what it stored.
  ///
  /// Reads the stored plan (`nil` when there is none), applies the change to it and stores the
  /// result, as one step no other writer interleaves with; returns what it stored, with its
  /// new revision. When it throws, the store is as it was.
  public var update:
    @Sendable (_ change: @escaping @Sendable (Plan?) -> Plan) async throws
      -> StoredPlan
  /// The store's current revision (0 when nothing was ever written): cheap enough to check
  /// often, to notice another process's writes.
  public var revision: @Sendable () async throws -> Int

  /// Creates a store from its three operations.
  ///
  /// - Parameters:
  ///   - load: Reads the stored plan, `nil` when there is none.
  ///   - update: Applies a change to the stored plan atomically and returns the result.
  ///   - revision: Reads the store's revision.
  public init(
    load: @escaping @Sendable () async throws -> StoredPlan?,
    update:
      @escaping @Sendable (_ change: @escaping @Sendable (Plan?) -> Plan) async throws
      -> StoredPlan,
    revision: @escaping @Sendable () async throws -> Int
  ) {
    self.load = load
    self.update = update
    self.revision = revision
  }
}
