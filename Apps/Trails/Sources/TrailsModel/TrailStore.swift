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
/// let loaded = try await store.load()  // stored
/// ```
public struct TrailStore: Sendable {
  /// What a change hands back: the plan to store, and anything else it found, for the caller.
  public typealias Change<Output: Sendable> = @Sendable (Plan?) -> (plan: Plan, output: Output)

  /// Reads the stored plan; `nil` when none was ever written.
  public var load: @Sendable () async throws -> StoredPlan?
  /// The store's one write operation, with the change's output type erased; call it through
  /// the typed `update` methods.
  ///
  /// Reads the stored plan (`nil` when there is none), applies the change to it once and
  /// stores the plan it returns, as one step no other writer interleaves with; returns what
  /// it stored, with its new revision, and the change's output as it was. When it throws,
  /// the store is as it was.
  public var apply:
    @Sendable (_ change: @escaping Change<any Sendable>) async throws
      -> (stored: StoredPlan, output: any Sendable)
  /// The store's current revision (0 when nothing was ever written): cheap enough to check
  /// often, to notice another process's writes.
  public var revision: @Sendable () async throws -> Int

  /// Creates a store from its three operations.
  ///
  /// - Parameters:
  ///   - load: Reads the stored plan, `nil` when there is none.
  ///   - update: Applies a change to the stored plan atomically and returns what it stored
  ///     with the change's output, untouched.
  ///   - revision: Reads the store's revision.
  public init(
    load: @escaping @Sendable () async throws -> StoredPlan?,
    update:
      @escaping @Sendable (_ change: @escaping Change<any Sendable>) async throws
      -> (stored: StoredPlan, output: any Sendable),
    revision: @escaping @Sendable () async throws -> Int
  ) {
    self.load = load
    self.apply = update
    self.revision = revision
  }

  /// Applies a change to the stored plan atomically; returns what it stored and what else
  /// the change found (as GRDB's `write` returns its closure's value).
  ///
  /// - Parameter change: Makes the plan to store from the stored one (`nil` when there is
  ///   none), with an output for the caller; called once, inside the store's transaction.
  /// - Returns: What was stored, with its new revision, and the change's output.
  /// - Throws: What the store throws; the store is then as it was.
  public func update<Output: Sendable>(
    _ change: @escaping Change<Output>
  ) async throws -> (stored: StoredPlan, output: Output) {
    let (stored, output) = try await apply { current in
      let (plan, output) = change(current)
      return (plan, output)
    }
    // A store hands the change's output back untouched (see `init`); anything else is a
    // programming error in that store.
    guard let output = output as? Output else {
      preconditionFailure("a TrailStore's update handed back an output its change did not make")
    }
    return (stored, output)
  }

  /// Applies a change to the stored plan atomically and returns what it stored.
  ///
  /// - Parameter change: Makes the plan to store from the stored one (`nil` when there is
  ///   none); called once, inside the store's transaction.
  /// - Returns: What was stored, with its new revision.
  /// - Throws: What the store throws; the store is then as it was.
  public func update(_ change: @escaping @Sendable (Plan?) -> Plan) async throws -> StoredPlan {
    try await update { current in (change(current), ()) }.stored
  }
}
