import LoopSynchronization

/// The live ``TestStore``s, by the test task that made them: what a call of the test on an
/// instrument reaches.
///
/// - A completion, a clock move or a look at an instrument's counts first runs the ready jobs
///   of the test's stores that drive themselves (``drain()``), so it sees the effects as far
///   as they can go, whatever thread got there.
/// - Awaiting an instrument's `starts` with nothing announced first settles every store of the
///   test (``settle()``): what the stores will start, they start then, and when they are quiet
///   with nothing announced, nothing will be.
///
/// A test's stores and its instruments are used from the test's own task, so the task names
/// the test. A call from another task (a `Task { }` of the test's) finds no store.
enum TestTaskStores {
  private struct Entry: Sendable {
    let task: UInt
    /// When the store was added, among all: orders a task's stores oldest first.
    let order: Int
    /// Where the store was made.
    let site: CallSite
    weak var executor: TestExecutor?
    /// Waits until the store is quiet, reporting nothing; `false` when it stays busy.
    let settle: @Sendable () async -> Bool
  }

  private struct Stores {
    var entries: [ObjectIdentifier: Entry] = [:]
    var added = 0
  }

  private static let stores = Mutex(Stores())

  /// The calling task, as a number; `nil` on a thread that runs no task.
  private static var currentTask: UInt? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } }
  }

  /// Notes the store `id`, made by the calling task, until ``remove(_:)``.
  ///
  /// - Parameters:
  ///   - id: The store.
  ///   - site: Where it was made.
  ///   - executor: Where its effects run.
  ///   - settle: Waits until the store is quiet, reporting nothing; `false` when it stays busy.
  static func add(
    _ id: ObjectIdentifier, site: CallSite, executor: TestExecutor,
    settle: @escaping @Sendable () async -> Bool
  ) {
    guard let task = currentTask else { return }
    stores.withLock { stores in
      stores.entries[id] = Entry(
        task: task, order: stores.added, site: site, executor: executor, settle: settle)
      stores.added += 1
    }
  }

  /// Forgets the store `id`.
  static func remove(_ id: ObjectIdentifier) {
    _ = stores.withLock { $0.entries.removeValue(forKey: id) }
  }

  /// The calling task's stores, oldest first.
  private static func entriesOfCurrentTask() -> [Entry] {
    guard let task = currentTask else { return [] }
    return stores.withLock { $0.entries.values.filter { $0.task == task } }.sorted {
      $0.order < $1.order
    }
  }

  /// Runs every ready job of the calling task's stores (``TestExecutor/drain()``).
  static func drain() {
    for entry in entriesOfCurrentTask() { entry.executor?.drain() }
  }

  /// What settling the calling task's stores found.
  enum Settled {
    /// The task made no store.
    case noStores
    /// Every store became quiet; the first was made at `site`.
    case quiet(site: CallSite)
    /// A store stayed busy (work outside the test's control).
    case busy
  }

  /// Waits until every store of the calling task is quiet, reporting nothing.
  static func settle() async -> Settled {
    let entries = entriesOfCurrentTask()
    guard !entries.isEmpty else { return .noStores }
    var quiet = true
    for entry in entries where await !entry.settle() { quiet = false }
    return quiet ? .quiet(site: entries[0].site) : .busy
  }
}
