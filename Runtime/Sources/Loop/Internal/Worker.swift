import LoopSynchronization

/// The task effects run on, as a store's bookkeeping holds it: cancelling the worker
/// cancels its task, and with it the effect the task is running.
///
/// One worker runs one effect at a time. It runs the next one too when the effect before it
/// answered once and its answer started that one (``StoreCore``); a cancelled worker runs
/// nothing more, since a task cannot be un-cancelled.
final class Worker: Sendable {
  private let task = Mutex<Task<Void, Never>?>(nil)

  private init() {}

  /// Creates a worker and its task, which runs `body`.
  ///
  /// - Parameters:
  ///   - executor: The executor the task prefers (a test's); `nil` for the global one.
  ///   - body: What the task does, given the worker it runs as.
  /// - Returns: The worker, its task already set (before anyone can cancel it).
  static func start(
    on executor: (any TaskExecutor)?, _ body: @escaping @Sendable (Worker) async -> Void
  ) -> Worker {
    let worker = Worker()
    let task =
      if let executor {
        Task(executorPreference: executor) { await body(worker) }
      } else {
        Task { await body(worker) }
      }
    worker.task.withLock { $0 = task }
    return worker
  }

  /// Cancels the worker's task.
  func cancel() {
    task.withLock { $0 }?.cancel()
  }
}
