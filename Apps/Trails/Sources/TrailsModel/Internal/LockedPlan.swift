import Synchronization

/// A plan behind a lock, shared by the closures of ``TrailStore/inMemory(_:)``.
final class LockedPlan: Sendable {
  private let mutex: Mutex<Plan?>

  /// Creates the box holding `plan`.
  init(_ plan: Plan?) {
    mutex = Mutex(plan)
  }

  /// The plan in the box.
  var value: Plan? {
    get { mutex.withLock { $0 } }
    set { mutex.withLock { $0 = newValue } }
  }
}
