import Dispatch
import Loop
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The executor a ``TestStore`` runs its effects on, so the test, not the thread pool, decides
/// when they run and in which order.
///
/// Effect tasks prefer this executor (and their child tasks inherit the preference), so each
/// job of theirs, the stretch between two suspensions, waits here until something runs it with
/// ``runNext(orWake:)``, one at a time, the one its ``Scheduler`` picks among those ready.
///
/// Two ways to drive it:
///
/// - **Driving itself** (a ``TestStore`` made without a schedule): a job runs as soon as it is
///   ready, on ``BackgroundJobs``' thread or on the thread of a test call that waits, so a test
///   may await anything (an instrument's `starts`, a spy, a stream of its own) while the effects
///   it depends on run. Every call of the test that acts or looks (a send, a completion, a
///   clock move, a read of the state or of an instrument) first runs every ready job
///   (``drain()``), so what it sees does not depend on how far the thread got.
/// - **Driven by the test** (a store given a schedule, a contract scenario's stores): jobs wait
///   until a test call that waits runs them, and a send is a choice point of the schedule,
///   so a search can try each order.
///
/// Jobs left when the stores it serves are gone (the ends of cancelled effects) are run by
/// ``BackgroundJobs`` in both cases.
package final class TestExecutor: TaskExecutor, Sendable {
  private struct Locked {
    /// Jobs ready to run, in the order they became ready.
    var ready: [UnownedJob] = []
    var scheduler: Scheduler
    /// Whether a caller is running a job now.
    var isRunning = false
    /// Callers to tell when a job becomes ready (or one finishes), each once.
    var wakers: [@Sendable () -> Void] = []
    /// Jobs ``BackgroundJobs`` ran since a test call last waited or acted: at
    /// ``backgroundLimit`` it stops, so effects that loop without end hold no thread until
    /// the test's next wait reports them.
    var backgroundRuns = 0
    /// How many test calls are running jobs now (waits, drains): while one is, it runs the
    /// jobs that become ready, and ``BackgroundJobs`` leaves them to it (no thread crossed).
    var driving = 0
    /// Callers blocked in ``drain()`` until the running job ends, each signalled once.
    var drainers: [DispatchSemaphore] = []
    /// Whether jobs are refused: the store ran away (see ``abandon()``).
    var isAbandoned = false
    /// Whether the stores it serves are gone: only then does ``BackgroundJobs`` run the jobs of
    /// an executor driven by the test (the ends of the effects their cancellation stopped), so
    /// no job runs behind the test's back, however long the test's task waits for a thread.
    var isReleased = false
    /// The effect each running effect task runs, by task.
    var effects: [UInt: EffectRun] = [:]
    /// The effects that work outside the executor resumed, each once, in order.
    var escapedWork: [String] = []
  }

  /// How many jobs ``BackgroundJobs`` runs for a store that drives itself with no test call
  /// in between: the default `jobsWithoutProgress` of a ``TestStore``.
  static let backgroundLimit = 10_000

  private let locked: Mutex<Locked>
  /// Whether a job runs as soon as it is ready, rather than when the test waits.
  let drivesItself: Bool

  /// Creates an executor that picks jobs by `schedule`.
  ///
  /// - Parameters:
  ///   - schedule: How to pick among ready jobs.
  ///   - drivesItself: Whether jobs run as soon as they are ready (`true`), or only when the
  ///     test waits (`false`, the default: a schedule search needs the sends as choices).
  package init(schedule: Schedule, drivesItself: Bool = false) {
    locked = Mutex(Locked(scheduler: Scheduler(schedule)))
    self.drivesItself = drivesItself
  }

  /// The schedule as run so far: its strategy and every choice made.
  package var schedule: Schedule {
    locked.withLock { $0.scheduler.schedule }
  }

  /// How many options each choice of ``schedule`` had: what a search of every schedule
  /// needs to know which choices are left to try.
  package var choicePoints: [Int] {
    locked.withLock { $0.scheduler.choicePoints }
  }

  /// The effects whose jobs work outside the executor made ready, each once, in order: a
  /// thread of its own, a callback, a real clock's timer (anything that runs no task) resumed
  /// them, so when they run depends on that work, not on the schedule.
  ///
  /// Each is the effect's feedback (the word feedback and its name in backticks), or
  /// `a child task` for a task an effect made (`async let`, a task group).
  package var escapedWork: [String] {
    locked.withLock { $0.escapedWork }
  }

  /// Notes that the current task runs `effect`, until ``effectEnded()``.
  func effectBegan(_ effect: EffectRun) {
    guard let task = Self.currentTask else { return }
    locked.withLock { $0.effects[task] = effect }
  }

  /// Notes that the current task's effect ended.
  func effectEnded() {
    guard let task = Self.currentTask else { return }
    _ = locked.withLock { $0.effects.removeValue(forKey: task) }
  }

  /// The current task, as its jobs name it; `nil` on a thread that runs no task.
  private static var currentTask: UInt? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } }
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // A job made ready by a thread that runs no task was resumed by work outside the
    // executor; everything the schedule controls runs in a task (the test's, or a job's).
    let outside = withUnsafeCurrentTask { $0 == nil }
    let (wakers, handsOff) = locked.withLock { locked -> ([@Sendable () -> Void], Bool) in
      guard !locked.isAbandoned else { return ([], false) }
      if outside, !locked.isReleased {
        let name = locked.effects[job.task].map { "feedback `\($0.feedback)`" } ?? "a child task"
        if !locked.escapedWork.contains(name) { locked.escapedWork.append(name) }
      }
      locked.ready.append(job)
      defer { locked.wakers = [] }
      // A test call that is running jobs runs this one too.
      return (
        locked.wakers, locked.isReleased || (drivesItself && locked.driving == 0)
      )
    }
    for wake in wakers { wake() }
    if handsOff { BackgroundJobs.shared.run(self) }
  }

  /// Notes that a test call runs this executor's jobs until ``endDriving()``: a wait on the
  /// store, or a drain.
  func beginDriving() {
    locked.withLock { $0.driving += 1 }
  }

  /// Notes that the test call that began driving has ended; jobs it left ready go to
  /// ``BackgroundJobs`` on an executor that drives itself.
  func endDriving() {
    let handsOff = locked.withLock { locked in
      locked.driving -= 1
      return locked.driving == 0 && drivesItself && !locked.isReleased
        && !locked.isAbandoned && !locked.ready.isEmpty
    }
    if handsOff { BackgroundJobs.shared.run(self) }
  }

  /// Runs the next ready job, picked by the schedule, on the calling thread.
  ///
  /// - Parameter waker: Called once when a job becomes ready or one finishes, if this call
  ///   ran nothing; `nil` for a caller that will not wait.
  /// - Returns: Whether a job ran; `false` when none was ready or another caller was running
  ///   one.
  func runNext(orWake waker: (@Sendable () -> Void)?) -> Bool {
    let job = locked.withLock { locked -> UnownedJob? in
      if waker != nil { locked.backgroundRuns = 0 }
      guard !locked.isRunning, !locked.ready.isEmpty else {
        if let waker { locked.wakers.append(waker) }
        return nil
      }
      locked.isRunning = true
      guard locked.ready.count > 1 else { return locked.ready.removeFirst() }
      return locked.ready.remove(at: locked.scheduler.pick(among: locked.ready.map(\.task)))
    }
    guard let job else { return false }
    RunningJobs.mark(self)
    job.runSynchronously(on: asUnownedTaskExecutor())
    RunningJobs.unmark()
    let (wakers, drainers) = locked.withLock { locked in
      locked.isRunning = false
      defer { (locked.wakers, locked.drainers) = ([], []) }
      return (locked.wakers, locked.drainers)
    }
    for wake in wakers { wake() }
    for drainer in drainers { drainer.signal() }
    return true
  }

  /// How long ``BackgroundJobs`` leaves a live store's jobs to the test once handed over.
  ///
  /// A test usually waits on the store next (`send`, then `settle`), and then its own thread
  /// runs them, with no thread crossed. Only when the test awaits something else does
  /// LoopTesting's thread run them. What the test sees is the same either way (``drain()``).
  static let graceMicroseconds: UInt32 = 200

  /// Runs the next ready job for ``BackgroundJobs``, unless it has run ``backgroundLimit``
  /// jobs of a live store since a test call last waited or acted.
  ///
  /// - Returns: Whether a job ran.
  func runNextInBackground() -> Bool {
    let allowed = locked.withLock { locked -> Bool in
      guard !locked.isReleased else { return true }
      // A test call is running them (it hands them back when it ends).
      guard locked.driving == 0 else { return false }
      guard locked.backgroundRuns < Self.backgroundLimit else { return false }
      locked.backgroundRuns += 1
      return true
    }
    return allowed && runNext(orWake: nil)
  }

  /// Runs every ready job, and those they make ready, before the test acts or looks; for an
  /// executor that drives itself only (the others run jobs when the test waits).
  ///
  /// A job ``BackgroundJobs`` is running is waited for: the caller blocks for the rest of one
  /// job, the stretch of an effect between two suspensions. Jobs that work outside the
  /// executor will make ready later are not waited for. Called from a job of this executor
  /// (an effect that calls the test's API), it does nothing.
  func drain() {
    guard drivesItself, !RunningJobs.isRunning(self) else { return }
    // The usual case, one lock: nothing ready and nothing running.
    let isIdle = locked.withLock { locked in
      locked.backgroundRuns = 0
      guard !locked.ready.isEmpty || locked.isRunning else { return true }
      locked.driving += 1
      return false
    }
    if isIdle { return }
    defer { endDriving() }
    var ran = 0
    while ran < Self.backgroundLimit {
      if runNext(orWake: nil) {
        ran += 1
        continue
      }
      // Nothing ran: none is ready, or another thread is running one.
      let running = DispatchSemaphore(value: 0)
      let isRunning = locked.withLock { locked -> Bool? in
        if locked.isRunning {
          locked.drainers.append(running)
          return true
        }
        // A job may have become ready since `runNext` looked: look again.
        return locked.ready.isEmpty ? nil : false
      }
      guard let isRunning else { return }
      if isRunning { running.wait() }
    }
  }

  /// Runs ready jobs before a send of the test, as many as the schedule picks.
  ///
  /// Each time a job is ready, a choice between sending now (0, what ``Schedule/firstReady``
  /// picks) and running one first (1). So a send is an ordering point, like a job.
  func runBeforeSend() {
    if drivesItself {
      drain()
      return
    }
    while true {
      let runsFirst = locked.withLock { locked -> Bool in
        guard !locked.isRunning, !locked.ready.isEmpty else { return false }
        return locked.scheduler.runsJobBeforeSend(ready: locked.ready.map(\.task))
      }
      guard runsFirst, runNext(orWake: nil) else { return }
    }
  }

  /// Lets ``BackgroundJobs`` run the jobs left, now and as they come: the stores this executor
  /// serves are gone.
  package func release() {
    let hasReady = locked.withLock { locked -> Bool in
      locked.isReleased = true
      return !locked.ready.isEmpty
    }
    if hasReady { BackgroundJobs.shared.run(self) }
  }

  /// Drops every ready job and refuses new ones, for a store whose effects ran away: their
  /// tasks never run again (they leak, in a test that has already failed) instead of keeping
  /// a thread busy for the rest of the run.
  func abandon() {
    locked.withLock { locked in
      locked.isAbandoned = true
      locked.ready = []
    }
  }
}

/// When each thread last let other tasks run from a test call that waits: a thread-local
/// instant, so the check costs a clock read and no lock.
enum ThreadYields {
  /// How long a thread may run test stores' jobs before a wait yields it.
  static let interval: UInt64 = 10_000_000

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "LoopTesting could not make a thread key")
    return key
  }()

  /// Whether the calling thread is due to yield; when it is, the next one is `interval` away.
  ///
  /// - Parameter now: The monotonic clock's time, in nanoseconds; tests give their own.
  /// - Returns: Whether to yield now.
  static func isDue(now: UInt64 = monotonicNanoseconds()) -> Bool {
    let last = UInt64(UInt(bitPattern: pthread_getspecific(key)))
    let decision = decide(now: now, mark: last)
    if let mark = decision.mark {
      pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(mark)))
    }
    return decision.isDue
  }

  /// The monotonic clock's time, in nanoseconds.
  ///
  /// - Returns: The time.
  static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// ``isDue(now:)``'s rule apart from the clock and the thread: whether a thread whose count
  /// started at `mark` (0: not started) is due at `now`, in nanoseconds, and the mark it
  /// keeps next (`nil`: the one it has).
  ///
  /// The first wait on a thread only starts its count; a thread is due `interval` after its
  /// mark, and being due starts the count again.
  static func decide(now: UInt64, mark: UInt64) -> (isDue: Bool, mark: UInt64?) {
    guard mark == 0 || now &- mark >= interval else { return (false, nil) }
    return (mark != 0, now)
  }
}

extension UnownedJob {
  /// The task whose job this is, as a number: the same for every job of one task.
  ///
  /// A task is enqueued as itself (the runtime's task object is its job), so the job's
  /// address names the task from one suspension to the next, which is what a PCT schedule
  /// gives its priorities to.
  fileprivate var task: UInt {
    unsafeBitCast(self, to: UInt.self)
  }
}
