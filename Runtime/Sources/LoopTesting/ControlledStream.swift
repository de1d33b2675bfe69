import LoopSynchronization

/// Async sequences that the test drives, one numbered generation at a time.
///
/// Inject ``makeStream()`` where production code opens a real stream (a subscription, a
/// socket). Each call is a new *generation*, numbered from 0 in the order the calls are made
/// and announced on ``starts``. The test sends to exactly the generation it names with
/// ``yield(_:_:fileID:filePath:line:column:)``, ends it with
/// ``finish(_:fileID:filePath:line:column:)`` or ``fail(_:_:fileID:filePath:line:column:)``:
///
/// ```swift
/// let prices = ControlledStream<Price>()
/// let feed = PriceFeed(updates: { _ in prices.makeStream() })
/// var starts = prices.starts.makeAsyncIterator()
///
/// store.send(.watch("AAPL"))
/// #expect(await starts.next() == 0)
/// prices.yield(0, Price(189))
/// prices.finish(0)
/// ```
///
/// Elements sent before the consumer asks for them are buffered, in order, and the end comes
/// after them. When the task consuming a generation is cancelled (a new query replaced it),
/// the generation is marked cancelled and its iteration returns `nil`; what the test sends to
/// it afterwards is dropped and counted in ``droppedElements`` and ``droppedEnds``, so a test
/// can prove a superseded stream's output was never applied.
///
/// Inside a TestStore, an effect awaiting the next element counts as blocked on an instrument:
/// the store can settle around it, and a failing wait names the generation to drive.
public final class ControlledStream<Element: Sendable>: Sendable {
  /// One generation's sequence of elements.
  ///
  /// Iterate it from one task only. Its iteration returns the buffered elements in order,
  /// then waits for the test; it returns `nil` once the test finished the generation, throws
  /// once the test failed it, and returns `nil` once the consuming task is cancelled (it does
  /// not throw `CancellationError`: a cancelled stream ends quietly, as `AsyncStream` does).
  public struct Stream: AsyncSequence, Sendable {
    /// The error iteration can throw: whatever the test fails the generation with.
    public typealias Failure = any Error

    /// Which generation this is, counted from 0.
    public let generation: Int
    private let owner: ControlledStream

    init(owner: ControlledStream, generation: Int) {
      self.owner = owner
      self.generation = generation
    }

    /// Makes the iterator over this generation.
    ///
    /// - Returns: The iterator. A generation has one consumer: make one iterator and iterate
    ///   it from one task.
    public func makeAsyncIterator() -> Iterator {
      Iterator(owner: owner, generation: generation)
    }

    /// The iterator over one generation's elements.
    ///
    /// Its ``next()`` is the only place a ``ControlledStream`` suspends.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
      private let owner: ControlledStream
      private let generation: Int

      init(owner: ControlledStream, generation: Int) {
        self.owner = owner
        self.generation = generation
      }

      /// The next element of the generation, waiting for the test to yield one if need be.
      ///
      /// Buffered elements come first, in the order they were yielded. After them, the end the
      /// test chose: `nil` after `finish`, the error after `fail` (and `nil` from then on).
      ///
      /// - Returns: The next element, or `nil` when the generation is finished or the calling
      ///   task is cancelled.
      /// - Throws: The error the test failed the generation with, once the elements yielded
      ///   before it have been returned.
      public mutating func next() async throws -> Element? {
        try await owner.next(generation)
      }
    }
  }

  /// A consumer suspended in `next()`.
  private typealias Waiter = InstrumentWaiter<Element?>
  private typealias Machine = ControlledStreamStateMachine<Element, Waiter>

  private let machine = Mutex(Machine())
  private let announced: Starts
  private let startsStream: AsyncStream<Int>

  /// Creates a controlled stream with no generation started.
  ///
  /// Make one per dependency under test, and build the double from ``makeStream()``.
  public init() {
    announced = Starts(instrument: "ControlledStream<\(Element.self)>")
    startsStream = announced.stream()
  }

  deinit {
    announced.finish()
  }

  /// The generations, announced in order as ``makeStream()`` starts them.
  ///
  /// One shared, unbounded stream: every generation is buffered until read, so a test may
  /// start reading after the stream began. Read it from one task only; with several readers,
  /// each announcement goes to just one of them. It finishes when the controlled stream is
  /// released.
  public var starts: AsyncStream<Int> {
    startsStream
  }

  /// Starts the next generation and returns its sequence.
  ///
  /// The generation is announced on ``starts`` at once, before anyone iterates it; elements
  /// the test yields from then on are buffered until the consumer asks for them.
  ///
  /// - Returns: The new generation's sequence.
  public func makeStream() -> Stream {
    let generation = machine.withLock { machine in
      let generation = machine.start()
      // Under the lock, so that concurrent calls are announced in generation order.
      announced.announce(generation)
      return generation
    }
    return Stream(owner: self, generation: generation)
  }

  /// Sends `element` to `generation`.
  ///
  /// A consumer waiting for it gets it at once; otherwise it is buffered behind the elements
  /// already buffered. An element for a cancelled generation is dropped and counted in
  /// ``droppedElements``. Yielding to a generation that has not started, or one already
  /// ended, is a test bug: it records a failure at the call site and changes nothing.
  ///
  /// - Parameters:
  ///   - generation: The generation to send to, as ``starts`` announced it.
  ///   - element: The element.
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func yield(
    _ generation: Int,
    _ element: Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestTaskStores.drain()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let call = Machine.Call(call: "yield(\(generation), ...)", site: site)
    perform(
      machine.withLock { $0.yield(generation, element, by: call) }, for: call,
      generation: generation, action: "yielding to",
      fix: "yield every element of generation \(generation) before ending it; to send more, "
        + "let the machine start a new generation (await `starts`) and yield to that one.")
  }

  /// Ends `generation`: once its buffered elements are returned, iteration returns `nil`.
  ///
  /// Finishing a cancelled generation is dropped and listed in ``droppedEnds``. Finishing a
  /// generation that has not started, or one already ended, is a test bug: it records a
  /// failure at the call site and changes nothing.
  ///
  /// - Parameters:
  ///   - generation: The generation to finish, as ``starts`` announced it.
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func finish(
    _ generation: Int,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestTaskStores.drain()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    end(generation, with: .finished, call: "finish(\(generation))", action: "finishing", at: site)
  }

  /// Ends every live generation (started, not yet ended, not cancelled), in order, as
  /// ``finish(_:fileID:filePath:line:column:)`` ends one.
  ///
  /// For the end of a test, or a step where every subscription the machine holds completes
  /// at once: no need to track which generations are still open.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  /// - Returns: The generations it finished.
  @discardableResult
  public func finishAll(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Int] {
    TestTaskStores.drain()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let live = machine.withLock { $0.liveGenerations }
    for generation in live {
      end(generation, with: .finished, call: "finishAll()", action: "finishing", at: site)
    }
    return live
  }

  /// Fails `generation`: once its buffered elements are returned, iteration throws `error`.
  ///
  /// Failing a cancelled generation is dropped and listed in ``droppedEnds``. Failing a
  /// generation that has not started, or one already ended, is a test bug: it records a
  /// failure at the call site and changes nothing.
  ///
  /// - Parameters:
  ///   - generation: The generation to fail, as ``starts`` announced it.
  ///   - error: What its iteration throws.
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func fail(
    _ generation: Int,
    _ error: any Error,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestTaskStores.drain()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    end(
      generation, with: .failed(error), call: "fail(\(generation), ...)", action: "failing",
      at: site)
  }

  /// The generations started and not yet ended by the test, whose consumer was not
  /// cancelled, in order: what ``finishAll(fileID:filePath:line:column:)`` would finish.
  public var liveGenerations: [Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.liveGenerations }
  }

  /// How many generations ``makeStream()`` has started.
  public var startedCount: Int {
    TestTaskStores.drain()
    return machine.withLock { $0.startedCount }
  }

  /// The generations whose consuming task was cancelled, in cancelling order.
  ///
  /// A generation is marked cancelled when its consumer is cancelled while awaiting (or
  /// starting to await) its next element, and had not yet reached the end.
  public var cancelledGenerations: [Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.cancelledGenerations }
  }

  /// For each cancelled generation the test yielded to afterwards, how many elements it did.
  ///
  /// Those elements reached no one: this is how a test proves a superseded stream's output
  /// was dropped. Generations with no dropped element have no entry.
  public var droppedElements: [Int: Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.droppedElements }
  }

  /// The cancelled generations the test finished or failed afterwards, in that order.
  ///
  /// Like ``droppedElements``, for the ends of superseded streams.
  public var droppedEnds: [Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.droppedEnds }
  }

  private func next(_ generation: Int) async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let delivery = machine.withLock { machine -> Result<Element?, any Error>? in
          switch machine.next(generation) {
          case .deliver(let result):
            return result
          case .suspend:
            let wait = InstrumentWait.begin(
              .stream,
              "awaiting the next element of ControlledStream<\(Element.self)> generation "
                + "\(generation): yield(\(generation), ...) or finish(\(generation))")
            machine.park(generation, Waiter(continuation: continuation, wait: wait))
            return nil
          }
        }
        if let delivery {
          continuation.resume(with: delivery)
        }
      }
    } onCancel: {
      switch machine.withLock({ $0.cancel(generation) }) {
      case .none:
        break
      case .resume(let waiter):
        waiter.resume(with: .success(nil))
      }
    }
  }

  private func end(
    _ generation: Int, with end: Machine.End, call: String, action: String, at site: CallSite
  ) {
    let call = Machine.Call(call: call, site: site)
    perform(
      machine.withLock { $0.end(generation, with: end, by: call) }, for: call,
      generation: generation, action: action,
      fix: "end generation \(generation) once, with finish(\(generation)) or "
        + "fail(\(generation), ...).")
  }

  private func perform(
    _ action: Machine.SendAction, for call: Machine.Call, generation: Int, action verb: String,
    fix: String
  ) {
    switch action {
    case .stored, .dropped:
      break
    case .resume(let waiter, let result):
      waiter.resume(with: result)
    case .notStarted(let startedCount):
      reportFailure(
        GenerationMisuse.notStarted(
          Self.name, call: call.call, generation: generation, startedCount: startedCount,
          starter: "makeStream()", action: verb),
        at: call.site)
    case .alreadyEnded(let first):
      reportFailure(
        GenerationMisuse.alreadyOver(
          Self.name, call: call.call, generation: generation, first: first.call,
          site: first.site, fix: fix),
        at: call.site)
    }
  }

  private static var name: String { "ControlledStream<\(Element.self)>" }
}
