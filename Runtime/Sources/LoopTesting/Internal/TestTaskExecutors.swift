import LoopSynchronization

/// The executors that drive themselves, by the test task whose ``TestStore`` made them: what a
/// call of the test on an instrument (a completion, a clock move, a look at its counts) runs
/// to the end first, so it sees the effects as far as they can go, whatever thread got there.
///
/// A test's stores and its instruments are used from the test's own task, so the task names
/// the test. A call from another task (a `Task { }` of the test's) finds no store and runs
/// nothing first.
enum TestTaskExecutors {
  private struct Entry: Sendable {
    weak var executor: TestExecutor?
  }

  private static let byTask = Mutex<[UInt: [Entry]]>([:])

  /// The calling task, as a number; `nil` on a thread that runs no task.
  private static var currentTask: UInt? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } }
  }

  /// Notes `executor` as one of the calling task's, until ``remove(_:task:)``.
  ///
  /// - Returns: The task it was noted under, for ``remove(_:task:)``.
  static func add(_ executor: TestExecutor) -> UInt? {
    guard let task = currentTask else { return nil }
    byTask.withLock { $0[task, default: []].append(Entry(executor: executor)) }
    return task
  }

  /// Forgets `executor` (and any executor of `task` that is gone).
  static func remove(_ executor: TestExecutor, task: UInt) {
    byTask.withLock { byTask in
      let left = (byTask[task] ?? []).filter { $0.executor.map { $0 !== executor } ?? false }
      byTask[task] = left.isEmpty ? nil : left
    }
  }

  /// Runs every ready job of the calling task's stores (``TestExecutor/drain()``).
  static func drain() {
    guard let task = currentTask else { return }
    let executors = byTask.withLock { ($0[task] ?? []).compactMap(\.executor) }
    for executor in executors { executor.drain() }
  }
}
