/// A ``PlanDatabase`` whose every call throws one error: to exercise error paths.
public struct FailingPlanDatabase<Failure: Error>: PlanDatabase {
  /// What every call throws.
  public let error: Failure

  /// Creates a database whose every call throws `error`.
  ///
  /// - Parameter error: What every call throws.
  public init(_ error: Failure) {
    self.error = error
  }

  /// Throws ``error``.
  public func load() throws(Failure) -> StoredPlan? {
    throw error
  }

  /// Throws ``error`` without calling `change`.
  public func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) throws(Failure) -> (stored: StoredPlan, output: Output) {
    throw error
  }

  /// Throws ``error``.
  public func revision() throws(Failure) -> Int {
    throw error
  }
}
