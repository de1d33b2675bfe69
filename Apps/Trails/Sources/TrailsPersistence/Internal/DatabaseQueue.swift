import Dispatch

/// The thread a store's SQLite calls run on, one at a time, as GRDB's writer queue.
///
/// SQLite calls block: a write waits up to the busy timeout (5 s) for another process's
/// lock. Run on Swift's cooperative pool, which has one thread per core, two such waits would
/// stall every task of the process; run here, they stall only this queue's thread.
package final class DatabaseQueue: Sendable {
  /// The serial queue the calls run on.
  private let queue: DispatchQueue
  /// Marks the queue, so ``isCurrent`` can tell whether a call runs on it.
  private static let key = DispatchSpecificKey<Bool>()

  /// Creates a queue for the database at `path` (its label names the file, for debuggers).
  init(path: String) {
    queue = DispatchQueue(label: "trails.database \(path)")
    queue.setSpecific(key: Self.key, value: true)
  }

  /// Whether the caller runs on a database queue.
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }

  /// Runs `work` on the queue, after the calls before it, and returns what it returns.
  ///
  /// - Parameter work: One or more SQLite calls.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try work() }) }
    }
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
