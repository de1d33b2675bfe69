/// The bookkeeping of one ``ControlledWork``: which generations have started, which one waits,
/// and what became of each.
///
/// No tasks and no locks: ``ControlledWork`` keeps this value in a `Mutex`, calls one
/// `mutating func` per input, and carries out what it returns (resuming a waiter, reporting a
/// test bug) outside the lock. `Waiter` is whatever the owner resumes: a continuation and its
/// instrument wait in ``ControlledWork``, a plain value in this type's own tests.
///
/// A generation starts when `makeWork()` takes it, a moment before its task registers as a
/// waiter; a completion that arrives in between is kept and handed over at registration, so a
/// test that completes a generation right after `starts` announced it is never too early.
struct ControlledWorkStateMachine<Value, Waiter> {
  /// How a generation was completed, so a second completion can say where the first was.
  struct Completion {
    /// The call in words: "succeed(2, with:)".
    let call: String
    /// Where the test made it.
    let site: CallSite
  }

  /// Where one generation is.
  enum Entry {
    /// Taken by `makeWork()`; its waiter has not registered yet.
    case started
    /// Completed by the test before its waiter registered; the waiter gets the result at once.
    case resolved(Result<Value, any Error>, Completion)
    /// Its task is suspended, waiting for the test.
    case waiting(Waiter)
    /// Its result went to its task.
    case completed(Completion)
    /// Its task was cancelled before a result reached it.
    case cancelled
  }

  /// The answer to ``register(_:_:)``.
  enum RegisterAction {
    /// Keep the waiter suspended: the test has not completed the generation yet.
    case suspend
    /// Resume the waiter now with this result.
    case resume(Waiter, Result<Value, any Error>)
  }

  /// The answer to ``complete(_:with:by:)``.
  enum CompleteAction {
    /// Kept for the waiter, which has not registered yet.
    case stored
    /// Resume the waiter with this result.
    case resume(Waiter, Result<Value, any Error>)
    /// The generation was cancelled: the completion is dropped (and recorded).
    case dropped
    /// Test bug: no such generation has started; `startedCount` have.
    case notStarted(startedCount: Int)
    /// Test bug: the generation was already completed, as described.
    case alreadyCompleted(Completion)
  }

  /// The answer to ``cancel(_:)``.
  enum CancelAction {
    /// Nothing to resume: no waiter yet, or the generation was already over.
    case none
    /// Resume the waiter with `CancellationError`.
    case resume(Waiter)
  }

  private var entries: [Entry] = []
  /// The generations cancelled before a result reached them, in the order they were cancelled.
  private(set) var cancelledGenerations: [Int] = []
  /// The generations whose completion was dropped because they had been cancelled.
  private(set) var droppedCompletions: [Int] = []

  /// How many generations `makeWork()` has taken.
  var startedCount: Int { entries.count }

  /// The generations started and neither completed nor cancelled, in order.
  var pendingGenerations: [Int] {
    entries.indices.filter { generation in
      switch entries[generation] {
      case .started, .waiting: true
      case .resolved, .completed, .cancelled: false
      }
    }
  }

  /// Takes the next generation.
  ///
  /// - Returns: The generation, counted from 0.
  mutating func start() -> Int {
    entries.append(.started)
    return entries.count - 1
  }

  /// Registers the task of `generation` as waiting for its result.
  ///
  /// - Parameters:
  ///   - generation: A generation ``start()`` returned, not registered before.
  ///   - waiter: What to resume.
  /// - Returns: Whether to suspend, or the result to resume with at once.
  mutating func register(_ generation: Int, _ waiter: Waiter) -> RegisterAction {
    switch entries[generation] {
    case .started:
      entries[generation] = .waiting(waiter)
      return .suspend
    case .resolved(let result, let completion):
      entries[generation] = .completed(completion)
      return .resume(waiter, result)
    case .cancelled:
      // Cancelled between `start()` and registration: the task leaves at once.
      return .resume(waiter, .failure(CancellationError()))
    case .waiting, .completed:
      preconditionFailure(
        "register(\(generation), _:) for generation \(generation) in state \(entries[generation])"
      )
    }
  }

  /// Completes `generation` with `result`, as the test asked.
  ///
  /// - Parameters:
  ///   - generation: The generation the test named.
  ///   - result: The value or error to hand to its task.
  ///   - completion: The test's call, for later diagnostics.
  /// - Returns: What to do about it.
  mutating func complete(
    _ generation: Int, with result: Result<Value, any Error>, by completion: Completion
  ) -> CompleteAction {
    guard entries.indices.contains(generation) else {
      return .notStarted(startedCount: entries.count)
    }
    switch entries[generation] {
    case .started:
      entries[generation] = .resolved(result, completion)
      return .stored
    case .waiting(let waiter):
      entries[generation] = .completed(completion)
      return .resume(waiter, result)
    case .resolved(_, let first), .completed(let first):
      return .alreadyCompleted(first)
    case .cancelled:
      // Harmless and expected: the result of superseded work arrives late. Recorded so a test
      // can prove it was dropped.
      droppedCompletions.append(generation)
      return .dropped
    }
  }

  /// Notes that the task of `generation` was cancelled.
  ///
  /// - Parameter generation: A generation ``start()`` returned.
  /// - Returns: The waiter to resume with `CancellationError`, if one is suspended.
  mutating func cancel(_ generation: Int) -> CancelAction {
    switch entries[generation] {
    case .started:
      entries[generation] = .cancelled
      cancelledGenerations.append(generation)
      return .none
    case .waiting(let waiter):
      entries[generation] = .cancelled
      cancelledGenerations.append(generation)
      return .resume(waiter)
    case .resolved, .completed, .cancelled:
      // The test completed it before the cancellation arrived (or it was already cancelled):
      // the task keeps the result, as it would keep the result of real work that finished
      // first.
      return .none
    }
  }
}
