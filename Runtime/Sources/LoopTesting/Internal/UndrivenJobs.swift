import Dispatch
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the jobs left on a ``TestExecutor`` whose stores are gone: the ends of the effects
/// their cancellation stopped, so those tasks finish.
///
/// One thread of its own for the whole process runs them, executor by executor as they are
/// handed over (``TestExecutor/release()``, and each job enqueued after it). While a store
/// lives, only the test's waits run its jobs, so its order stays the schedule's.
final class UndrivenJobs: Sendable {
  /// The one thread's queue.
  static let shared = UndrivenJobs()

  /// Released executors with jobs to run, in the order they were handed over.
  private let pending = Mutex<[TestExecutor]>([])
  private let wake = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts the one thread that runs them, for the process's lifetime: a thread of its own,
  /// never one of the cooperative pool's or Dispatch's, which it would hold for ever.
  private static let thread: Void = {
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { _ in
        while true { UndrivenJobs.shared.runOnce() }
      }, nil)
    precondition(started == 0, "LoopTesting could not start its undriven-jobs thread")
    pthread_detach(thread)
  }()

  /// Runs `executor`'s ready jobs on the thread, soon.
  func run(_ executor: TestExecutor) {
    _ = Self.thread
    pending.withLock { $0.append(executor) }
    wake.signal()
  }

  /// Sleeps until an executor is handed over, then runs its jobs until none is ready.
  private func runOnce() {
    wake.wait()
    guard let executor = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
      return
    }
    while executor.runNext(orWake: nil) {}
  }
}
