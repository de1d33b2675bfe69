import Dispatch
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs ``TestExecutor`` jobs that no test call is running: those of an executor that drives
/// itself, as they become ready, and those left on any executor whose stores are gone (the ends
/// of the effects their cancellation stopped), so those tasks finish.
///
/// One thread of its own for the whole process runs them, executor by executor as they are
/// handed over (``TestExecutor/enqueue(_:)``, ``TestExecutor/release()``), at most
/// ``batch`` jobs of one executor before the next executor's turn. While a store driven by the
/// test lives, only the test's waits run its jobs, so its order stays the schedule's.
final class BackgroundJobs: Sendable {
  /// The one thread's queue.
  static let shared = BackgroundJobs()

  /// How many jobs of one executor run before another executor handed over gets its turn.
  static let batch = 64

  /// Executors with jobs to run, in the order they were handed over, each once.
  private let pending = Mutex<[ObjectIdentifier: TestExecutor]>([:])
  private let order = Mutex<[ObjectIdentifier]>([])
  private let wake = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts the one thread that runs them, for the process's lifetime: a thread of its own,
  /// never one of the cooperative pool's or Dispatch's, which it would hold for ever.
  private static let thread: Void = {
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { _ in
        while true { BackgroundJobs.shared.runOnce() }
      }, nil)
    precondition(started == 0, "LoopTesting could not start its background-jobs thread")
    pthread_detach(thread)
  }()

  /// Runs `executor`'s ready jobs on the thread, soon.
  func run(_ executor: TestExecutor) {
    _ = Self.thread
    let id = ObjectIdentifier(executor)
    let isNew = pending.withLock { pending in
      guard pending[id] == nil else { return false }
      pending[id] = executor
      return true
    }
    guard isNew else { return }
    order.withLock { $0.append(id) }
    wake.signal()
  }

  /// Sleeps until an executor is handed over, then runs a batch of its jobs; hands it over
  /// again when it has more.
  private func runOnce() {
    wake.wait()
    guard let id = order.withLock({ $0.isEmpty ? nil : $0.removeFirst() }),
      let executor = pending.withLock({ $0.removeValue(forKey: id) })
    else { return }
    // A live store's test usually waits on it next, and runs its jobs on its own thread.
    if executor.drivesItself { usleep(TestExecutor.graceMicroseconds) }
    var ran = 0
    while ran < Self.batch, executor.runNextInBackground() { ran += 1 }
    if ran == Self.batch { run(executor) }
  }
}

/// Which executor's job the calling thread is running, if any: a thread-local, so a test call
/// made from inside an effect (which ``TestExecutor/drain()`` must not wait for) is told apart
/// without a lock.
enum RunningJobs {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "LoopTesting could not make a thread key")
    return key
  }()

  /// Notes that the calling thread runs a job of `executor`, until ``unmark()``.
  static func mark(_ executor: TestExecutor) {
    pthread_setspecific(key, Unmanaged.passUnretained(executor).toOpaque())
  }

  /// Notes that the calling thread's job has ended.
  static func unmark() {
    pthread_setspecific(key, nil)
  }

  /// Whether the calling thread is running a job of `executor`.
  static func isRunning(_ executor: TestExecutor) -> Bool {
    let running: UnsafeMutableRawPointer? = pthread_getspecific(key)
    return running == Unmanaged.passUnretained(executor).toOpaque()
  }
}
