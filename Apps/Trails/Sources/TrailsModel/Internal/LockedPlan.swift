import LoopSynchronization

/// A stored plan behind a lock, shared by the closures of ``TrailStore/inMemory(_:)``.
final class LockedPlan: Sendable {
  private let mutex: Mutex<StoredPlan?>

  /// Creates the box holding `stored`.
  init(_ stored: StoredPlan?) {
    mutex = Mutex(stored)
  }

  /// The stored plan in the box.
  var value: StoredPlan? {
    mutex.withLock { $0 }
  }

  /// Applies `change` to the plan in the box under the lock, as the next revision; returns
  /// what it stored and the change's output.
  func update(
    _ change: (Plan?) -> (plan: Plan, output: any Sendable)
  ) -> (stored: StoredPlan, output: any Sendable) {
    mutex.withLock { stored in
      let (plan, output) = change(stored?.plan)
      let next = StoredPlan(plan: plan, revision: (stored?.revision ?? 0) + 1)
      stored = next
      return (next, output)
    }
  }
}
