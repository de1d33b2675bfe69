/// The bookkeeping of one ``ControlledStream``: each generation's buffered elements, its end,
/// and its consumer.
///
/// No tasks and no locks: ``ControlledStream`` keeps this value in a `Mutex`, calls one
/// `mutating func` per input, and carries out what it returns (resuming the consumer,
/// reporting a test bug) outside the lock. `Waiter` is whatever the owner resumes: a
/// continuation and its instrument wait in ``ControlledStream``, a plain value in this type's
/// own tests.
///
/// Each generation has a single consumer. Elements yielded while it is not waiting are
/// buffered in order; the end (``end(_:with:by:)``: finished or failed) is delivered once the
/// buffer is drained. A cancelled consumer ends its generation: what the test sends to it
/// afterwards is dropped and counted.
struct ControlledStreamStateMachine<Element, Waiter> {
  /// A call of the test, so a later call can say where it was made.
  struct Call {
    /// The call in words: "finish(2)".
    let call: String
    /// Where the test made it.
    let site: CallSite
  }

  /// How the test ended a generation.
  enum End {
    /// Iteration ends: `next()` returns `nil`.
    case finished
    /// Iteration fails: `next()` throws the error.
    case failed(any Error)
  }

  /// Where a generation's consumer is.
  enum Consumer {
    /// Not suspended in `next()`; the end has not reached it.
    case idle
    /// Suspended in `next()`, waiting for the test.
    case waiting(Waiter)
    /// It has received the end; every later `next()` returns `nil`.
    case ended
    /// Its task was cancelled; every later `next()` returns `nil`.
    case cancelled
  }

  /// One generation.
  struct Generation {
    var buffer: [Element] = []
    var head = 0
    var end: (End, Call)?
    var consumer = Consumer.idle
  }

  /// The answer to ``next(_:)``.
  enum NextAction {
    /// Return this at once: an element, `nil` for the end, or the failure.
    case deliver(Result<Element?, any Error>)
    /// Nothing to deliver yet: ``park(_:_:)`` the consumer.
    case suspend
  }

  /// The answer to ``yield(_:_:by:)`` and ``end(_:with:by:)``.
  enum SendAction {
    /// Buffered (an element) or kept until the buffer drains (the end).
    case stored
    /// Resume the waiting consumer with this.
    case resume(Waiter, Result<Element?, any Error>)
    /// The generation was cancelled: dropped (and counted).
    case dropped
    /// Test bug: no such generation has started; `startedCount` have.
    case notStarted(startedCount: Int)
    /// Test bug: the generation had already been ended by this call.
    case alreadyEnded(Call)
  }

  /// The answer to ``cancel(_:)``.
  enum CancelAction {
    /// No consumer is suspended.
    case none
    /// Resume the suspended consumer with `nil`.
    case resume(Waiter)
  }

  private var generations: [Generation] = []
  /// The generations whose consumer was cancelled, in the order they were.
  private(set) var cancelledGenerations: [Int] = []
  /// For each cancelled generation the test yielded to afterwards, how many elements it did.
  private(set) var droppedElements: [Int: Int] = [:]
  /// The cancelled generations the test finished or failed afterwards, in that order.
  private(set) var droppedEnds: [Int] = []

  /// How many generations `makeStream()` has started.
  var startedCount: Int { generations.count }

  /// The generations started and not ended by the test, whose consumer was not cancelled, in
  /// order.
  var liveGenerations: [Int] {
    generations.indices.filter { index in
      guard generations[index].end == nil else { return false }
      if case .cancelled = generations[index].consumer { return false }
      return true
    }
  }

  /// Takes the next generation.
  ///
  /// - Returns: The generation, counted from 0.
  mutating func start() -> Int {
    generations.append(Generation())
    return generations.count - 1
  }

  /// The consumer of `generation` asks for its next element.
  ///
  /// - Parameter generation: A generation ``start()`` returned.
  /// - Returns: What to deliver, or that the consumer must wait.
  mutating func next(_ generation: Int) -> NextAction {
    switch generations[generation].consumer {
    case .ended, .cancelled:
      return .deliver(.success(nil))
    case .waiting:
      preconditionFailure(
        "next(\(generation)) while the consumer of generation \(generation) already waits: "
          + "a ControlledStream generation has a single consumer")
    case .idle:
      break
    }
    if generations[generation].head < generations[generation].buffer.count {
      let element = generations[generation].buffer[generations[generation].head]
      generations[generation].head += 1
      if generations[generation].head == generations[generation].buffer.count {
        generations[generation].buffer.removeAll(keepingCapacity: true)
        generations[generation].head = 0
      }
      return .deliver(.success(element))
    }
    switch generations[generation].end?.0 {
    case nil:
      return .suspend
    case .finished?:
      generations[generation].consumer = .ended
      return .deliver(.success(nil))
    case .failed(let error)?:
      generations[generation].consumer = .ended
      return .deliver(.failure(error))
    }
  }

  /// Suspends the consumer of `generation`, right after ``next(_:)`` said `.suspend`.
  ///
  /// - Parameters:
  ///   - generation: The generation whose consumer waits.
  ///   - waiter: What to resume.
  mutating func park(_ generation: Int, _ waiter: Waiter) {
    guard case .idle = generations[generation].consumer,
      generations[generation].head == generations[generation].buffer.count,
      generations[generation].end == nil
    else {
      preconditionFailure(
        "park(\(generation), _:) with consumer \(generations[generation].consumer), "
          + "\(generations[generation].buffer.count - generations[generation].head) buffered, "
          + "ended: \(generations[generation].end != nil)")
    }
    generations[generation].consumer = .waiting(waiter)
  }

  /// The test yields `element` to `generation`.
  ///
  /// - Parameters:
  ///   - generation: The generation the test named.
  ///   - element: The element.
  ///   - call: The test's call, for diagnostics.
  /// - Returns: What to do about it.
  mutating func yield(_ generation: Int, _ element: Element, by call: Call) -> SendAction {
    guard generations.indices.contains(generation) else {
      return .notStarted(startedCount: generations.count)
    }
    if case .cancelled = generations[generation].consumer {
      // Harmless and expected: superseded work keeps producing. Counted so a test can prove
      // it was dropped.
      droppedElements[generation, default: 0] += 1
      return .dropped
    }
    if let first = generations[generation].end?.1 {
      return .alreadyEnded(first)
    }
    switch generations[generation].consumer {
    case .waiting(let waiter):
      generations[generation].consumer = .idle
      return .resume(waiter, .success(element))
    case .idle:
      generations[generation].buffer.append(element)
      return .stored
    case .ended, .cancelled:
      preconditionFailure(
        "yield(\(generation), _:) reached consumer \(generations[generation].consumer) "
          + "of a generation that has not ended")
    }
  }

  /// The test ends `generation`: finished, or failed with an error.
  ///
  /// - Parameters:
  ///   - generation: The generation the test named.
  ///   - end: How it ends.
  ///   - call: The test's call, for diagnostics.
  /// - Returns: What to do about it.
  mutating func end(_ generation: Int, with end: End, by call: Call) -> SendAction {
    guard generations.indices.contains(generation) else {
      return .notStarted(startedCount: generations.count)
    }
    if case .cancelled = generations[generation].consumer {
      // Harmless, like a late element.
      droppedEnds.append(generation)
      return .dropped
    }
    if let first = generations[generation].end?.1 {
      return .alreadyEnded(first)
    }
    generations[generation].end = (end, call)
    switch generations[generation].consumer {
    case .waiting(let waiter):
      // Waiting means the buffer is empty: the end is delivered now.
      generations[generation].consumer = .ended
      switch end {
      case .finished: return .resume(waiter, .success(nil))
      case .failed(let error): return .resume(waiter, .failure(error))
      }
    case .idle:
      return .stored
    case .ended, .cancelled:
      preconditionFailure(
        "end(\(generation), with:by:) reached consumer \(generations[generation].consumer) "
          + "of a generation that had not ended")
    }
  }

  /// The consumer of `generation` was cancelled while in `next()`.
  ///
  /// - Parameter generation: A generation ``start()`` returned.
  /// - Returns: The consumer to resume with `nil`, if it is suspended.
  mutating func cancel(_ generation: Int) -> CancelAction {
    switch generations[generation].consumer {
    case .idle:
      generations[generation] = Generation(consumer: .cancelled)
      cancelledGenerations.append(generation)
      return .none
    case .waiting(let waiter):
      generations[generation] = Generation(consumer: .cancelled)
      cancelledGenerations.append(generation)
      return .resume(waiter)
    case .ended, .cancelled:
      // The consumer already had its end: a late cancellation changes nothing.
      return .none
    }
  }
}
