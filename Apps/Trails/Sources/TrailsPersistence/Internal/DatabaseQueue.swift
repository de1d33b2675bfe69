import Dispatch

/// The thread a database's SQLite calls run on, one at a time, as GRDB's writer queue: the
/// executor of ``SQLitePlanDatabase``.
///
/// SQLite calls block: a write waits up to the busy timeout (5 s) for another process's
/// lock. Run on Swift's cooperative pool, which has one thread per core, two such waits would
/// stall every task of the process; run here, they stall only this queue's thread.
package final class DatabaseQueue: SerialExecutor {
  /// The serial queue the calls run on.
  private let queue: DispatchQueue
  /// Marks each database queue with its executor, so ``isCurrent`` can tell which one a
  /// call runs on.
  private static let key = DispatchSpecificKey<ObjectIdentifier>()

  /// Creates a queue for the database at `path` (its label names the file, for debuggers).
  init(path: String) {
    queue = DispatchQueue(label: "trails.database \(path)")
    queue.setSpecific(key: Self.key, value: ObjectIdentifier(self))
  }

  /// Whether the caller runs on a database queue, any database's.
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) != nil
  }

  /// Whether the caller runs on this queue.
  var isCurrent: Bool {
    DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(self)
  }

  /// Runs `job` on the queue, after the jobs before it.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }

  /// Stops the process unless the caller runs on this queue: what `assumeIsolated` checks.
  package func checkIsolated() {
    precondition(isCurrent, "expected to run on the queue of the database \(queue.label)")
  }

  /// Runs `work` on the queue, after the calls before it, blocking the caller until it has
  /// run or `patience` has passed: for code that cannot await (a hook as the process exits).
  ///
  /// Never call it on the queue itself: it would wait for itself.
  ///
  /// - Parameters:
  ///   - patience: How long to wait.
  ///   - work: The call.
  /// - Returns: Whether `work` ran within `patience` (if not, it still runs, later).
  func runAndWait(atMost patience: Duration, _ work: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    queue.async {
      work()
      done.signal()
    }
    let (seconds, attoseconds) = patience.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    return done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
  }
}
