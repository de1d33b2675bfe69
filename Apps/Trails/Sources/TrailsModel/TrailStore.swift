/// Where the plan is kept between launches: the persistence capability.
///
/// A struct of closures, so a feature takes whichever store it is given: the SQLite one
/// (`TrailStore.sqlite(path:)` in `TrailsPersistence`), ``inMemory(_:)`` for tests and
/// previews, or ``failing(_:)`` to exercise error paths.
///
/// ```swift
/// let store = TrailStore.inMemory()
/// try await store.save(plan)
/// try await store.load()  // plan
/// ```
public struct TrailStore: Sendable {
  /// Reads the saved plan; `nil` when none was ever saved.
  public var load: @Sendable () async throws -> Plan?
  /// Replaces the saved plan with the given one, completely, or throws and keeps the old one.
  public var save: @Sendable (Plan) async throws -> Void

  /// Creates a store from its two operations.
  ///
  /// - Parameters:
  ///   - load: Reads the saved plan, `nil` when there is none.
  ///   - save: Replaces the saved plan, or throws and leaves it as it was.
  public init(
    load: @escaping @Sendable () async throws -> Plan?,
    save: @escaping @Sendable (Plan) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}
