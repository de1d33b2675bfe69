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
/// One thread of its own for the whole process looks at the executors with ready jobs every
/// ``period``; it runs those of a released executor (``TestExecutor/release()``) that no test
/// call is waiting on, until nothing is ready. While a store lives, only the test's waits run
/// its jobs, however long the test's task waits for a thread, so its order stays the schedule's.
final class UndrivenJobs: Sendable {
  /// The one watcher.
  static let shared = UndrivenJobs()

  /// How often the thread looks: every 2 ms.
  static let period = DispatchTimeInterval.milliseconds(2)

  private struct Watched {
    let executor: TestExecutor
    /// The executor's run count at the last look; `nil` before the first.
    var runs: Int?
  }

  private struct Locked {
    var watched: [ObjectIdentifier: Watched] = [:]
    /// Whether the thread is looking (rather than asleep until something is watched).
    var isLooking = false
  }

  private let locked = Mutex(Locked())
  private let wake = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts the one thread that looks, for the process's lifetime: a thread of its own, never
  /// one of the cooperative pool's or Dispatch's, which it would hold for ever.
  private static let thread: Void = {
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { _ in
        while true { UndrivenJobs.shared.lookOnce() }
      }, nil)
    precondition(started == 0, "LoopTesting could not start its undriven-jobs thread")
    pthread_detach(thread)
  }()

  /// Watches `executor`, which has a job ready.
  func watch(_ executor: TestExecutor) {
    _ = Self.thread
    let isAsleep = locked.withLock { locked -> Bool in
      if locked.watched[ObjectIdentifier(executor)] == nil {
        locked.watched[ObjectIdentifier(executor)] = Watched(executor: executor)
      }
      defer { locked.isLooking = true }
      return !locked.isLooking
    }
    if isAsleep { wake.signal() }
  }

  /// Sleeps until something is watched, waits a period, then runs the jobs of every executor
  /// that ran none in that period, and stops watching those with none ready.
  private func lookOnce() {
    let isIdle = locked.withLock { locked -> Bool in
      if locked.watched.isEmpty { locked.isLooking = false }
      return locked.watched.isEmpty
    }
    if isIdle {
      wake.wait()
      return
    }
    _ = wake.wait(timeout: .now() + Self.period)
    let watched = locked.withLock { Array($0.watched) }
    for (id, entry) in watched {
      let undriven = locked.withLock { locked -> Bool in
        let (hasReady, runs, isDriven) = entry.executor.look(stoppingWatchIfIdle: true)
        guard hasReady else {
          locked.watched[id] = nil
          return false
        }
        defer { locked.watched[id]?.runs = runs }
        return entry.runs == runs && !isDriven
      }
      if undriven {
        while entry.executor.runNext(orWake: nil) {}
      }
    }
  }
}
