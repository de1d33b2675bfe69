import LoopSynchronization

/// One-shot async work that the test completes, one numbered generation at a time.
///
/// Inject ``makeWork()`` where production code runs real work (a request, a query). Each call
/// is a new *generation*, numbered from 0 in the order the calls are made, announced on
/// ``starts``, and suspended until the test completes exactly that generation with
/// ``succeed(_:with:fileID:filePath:line:column:)`` or ``fail(_:_:fileID:filePath:line:column:)``:
///
/// ```swift
/// let work = ControlledWork<MoviePage>()
/// let catalog = MovieCatalog(
///   popular: { _ in try await work.makeWork() }, search: { _, _ in try await work.makeWork() })
/// var starts = work.starts.makeAsyncIterator()
///
/// store.send(.textChanged("Swift"))
/// await store.advance(by: .milliseconds(300))
/// #expect(await starts.next() == 0)
/// work.succeed(0, with: page)
/// ```
///
/// When the effect awaiting a generation is cancelled (a new query replaced it), the
/// generation is marked cancelled and `makeWork()` throws `CancellationError`. A completion
/// that arrives for it later is dropped and listed in ``droppedCompletions``, so a test can
/// prove a superseded result was never applied.
///
/// Inside a TestStore, an effect awaiting a generation counts as blocked on an instrument: the
/// store can settle around it, and a failing wait names the generation to complete.
public final class ControlledWork<Value: Sendable>: Sendable {
  /// A suspended `makeWork()` call.
  private typealias Waiter = InstrumentWaiter<Value>
  private typealias Machine = ControlledWorkStateMachine<Value, Waiter>

  private let machine = Mutex(Machine())
  private let announced: Starts
  private let startsStream: AsyncStream<Int>

  /// Creates work with no generation started.
  ///
  /// Make one per dependency under test, and build the double from ``makeWork()``.
  public init() {
    announced = Starts(instrument: "ControlledWork<\(Value.self)>")
    startsStream = announced.stream()
  }

  deinit {
    announced.finish()
  }

  /// The generations, announced in order as ``makeWork()`` starts them.
  ///
  /// One shared, unbounded stream: every generation is buffered until read, so a test may
  /// start reading after the work began. Read it from one task only; with several readers,
  /// each announcement goes to just one of them. It finishes when the work is released.
  public var starts: AsyncStream<Int> {
    startsStream
  }

  /// Starts the next generation and suspends until the test completes it.
  ///
  /// The generation is announced on ``starts`` before the call suspends. The test completes it
  /// with ``succeed(_:with:fileID:filePath:line:column:)`` or
  /// ``fail(_:_:fileID:filePath:line:column:)``; a completion made between the announcement
  /// and the suspension is kept and returned at once.
  ///
  /// - Returns: The value the test completed this generation with.
  /// - Throws: The error the test failed this generation with, or `CancellationError` when the
  ///   calling task is cancelled first (the generation is then marked cancelled).
  public func makeWork() async throws -> Value {
    let generation = machine.withLock { machine in
      let generation = machine.start()
      // Under the lock, so that concurrent calls are announced in generation order.
      announced.announce(generation)
      return generation
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let action = machine.withLock { machine in
          let wait = InstrumentWait.begin(
            .work,
            "awaiting ControlledWork<\(Value.self)> generation \(generation): complete it with "
              + "succeed(\(generation), with:) or fail(\(generation), ...)")
          return machine.register(generation, Waiter(continuation: continuation, wait: wait))
        }
        switch action {
        case .suspend:
          break
        case .resume(let waiter, let result):
          waiter.resume(with: result)
        }
      }
    } onCancel: {
      switch machine.withLock({ $0.cancel(generation) }) {
      case .none:
        break
      case .resume(let waiter):
        waiter.resume(with: .failure(CancellationError()))
      }
    }
  }

  /// Completes `generation` with `value`: its ``makeWork()`` call returns it.
  ///
  /// A completion for a cancelled generation is dropped and listed in ``droppedCompletions``.
  /// Completing a generation that has not started, or one already completed, is a test bug:
  /// it records a failure at the call site and changes nothing.
  ///
  /// - Parameters:
  ///   - generation: The generation to complete, as ``starts`` announced it.
  ///   - value: What its ``makeWork()`` call returns.
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func succeed(
    _ generation: Int,
    with value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestTaskStores.drain()
    complete(
      generation, with: .success(value), call: "succeed(\(generation), with:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Fails `generation` with `error`: its ``makeWork()`` call throws it.
  ///
  /// A completion for a cancelled generation is dropped and listed in ``droppedCompletions``.
  /// Completing a generation that has not started, or one already completed, is a test bug:
  /// it records a failure at the call site and changes nothing.
  ///
  /// - Parameters:
  ///   - generation: The generation to fail, as ``starts`` announced it.
  ///   - error: What its ``makeWork()`` call throws.
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
    complete(
      generation, with: .failure(error), call: "fail(\(generation), ...)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// How many generations ``makeWork()`` has started.
  public var startedCount: Int {
    TestTaskStores.drain()
    return machine.withLock { $0.startedCount }
  }

  /// The generations whose task was cancelled before a result reached it, in cancelling order.
  ///
  /// A cancelled generation is one the machine superseded or abandoned.
  public var cancelledGenerations: [Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.cancelledGenerations }
  }

  /// The generations the test completed after they had been cancelled, in completing order.
  ///
  /// Those completions reached no one: this is how a test proves a superseded result was
  /// dropped.
  public var droppedCompletions: [Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.droppedCompletions }
  }

  /// The generations started and neither completed nor cancelled, in order.
  ///
  /// These are the generations a test may still complete.
  public var pendingGenerations: [Int] {
    TestTaskStores.drain()
    return machine.withLock { $0.pendingGenerations }
  }

  private func complete(
    _ generation: Int, with result: Result<Value, any Error>, call: String, at site: CallSite
  ) {
    let completion = Machine.Completion(call: call, site: site)
    let action = machine.withLock { $0.complete(generation, with: result, by: completion) }
    switch action {
    case .stored, .dropped:
      break
    case .resume(let waiter, let result):
      waiter.resume(with: result)
    case .notStarted(let startedCount):
      reportFailure(
        GenerationMisuse.notStarted(
          Self.name, call: call, generation: generation, startedCount: startedCount,
          starter: "makeWork()", action: "completing"),
        at: site)
    case .alreadyCompleted(let first):
      reportFailure(
        GenerationMisuse.alreadyOver(
          Self.name, call: call, generation: generation, first: first.call, site: first.site,
          fix: "complete generation \(generation) once; for another result, let the machine "
            + "start a new generation (await `starts`) and complete that one."),
        at: site)
    }
  }

  private static var name: String { "ControlledWork<\(Value.self)>" }
}
