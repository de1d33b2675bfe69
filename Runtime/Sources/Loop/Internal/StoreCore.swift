import Synchronization

/// The owner of a store's bookkeeping: keeps the ``StoreStateMachine`` in a `Mutex` and
/// carries out what it decides, creating and cancelling effect tasks outside the lock.
///
/// Order matters: after a transition, the effects it replaced are cancelled *before* the
/// tasks of the effects it started are created, so a replaced effect never overlaps its
/// successor (one renewed debounce timer is one sleeper, not two for an instant).
///
/// Effect tasks hold the core, never the ``Store``: dropping the last reference to the store
/// cancels every effect, and the core goes away once the last task has ended.
final class StoreCore<State: Sendable, Event: Sendable>: Sendable {
  typealias Bookkeeping = StoreStateMachine<State, Event, Task<Void, Never>>

  struct Locked {
    var machine: Bookkeeping
    var subscribers: [Int: AsyncStream<State>.Continuation] = [:]
    var nextSubscriber = 0
  }

  /// What one pass of draining leaves to do outside the lock.
  struct DrainResult {
    var toCancel: [Task<Void, Never>] = []
    var toLaunch: [(EffectRecord, EffectOperation<Event>)] = []
    var isFinished = false

    /// Whether the drain must pause to cancel or launch tasks outside the lock.
    var hasWork: Bool { !toCancel.isEmpty || !toLaunch.isEmpty }
  }

  let locked: Mutex<Locked>
  let instrumentation: StoreInstrumentation<State, Event>?

  init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>],
    instrumentation: StoreInstrumentation<State, Event>?
  ) {
    var machine = Bookkeeping(initial: initial, reducer: reducer, feedbacks: feedbacks)
    machine.acceptsStaleEvents = instrumentation?.faults.acceptsStaleEvents ?? false
    self.locked = Mutex(Locked(machine: machine))
    self.instrumentation = instrumentation
  }

  /// Lets the feedbacks see the initial state.
  ///
  /// Called once, right after init.
  func start() {
    let result = locked.withLock { locked in
      var result = DrainResult()
      perform(locked.machine.start(), on: &locked, into: &result)
      return result
    }
    finishDrain(result)
  }

  var state: State {
    locked.withLock { $0.machine.state }
  }

  var isCancelled: Bool {
    locked.withLock { $0.machine.phase == .cancelled }
  }

  /// Queues `event` and, unless another caller is draining, reduces everything queued.
  func send(_ event: Event, origin: EventOrigin) {
    let result = locked.withLock { locked -> DrainResult in
      switch locked.machine.enqueue(event, origin: origin) {
      case .discard:
        instrumentation?.observe(.dropped(event, origin, .arrivedAfterCancel))
        return DrainResult(isFinished: true)
      case .queued:
        instrumentation?.observe(.enqueued(event, origin))
        return DrainResult(isFinished: true)
      case .drain:
        instrumentation?.observe(.enqueued(event, origin))
        var result = DrainResult()
        handle(locked.machine.process(event, origin: origin), on: &locked, into: &result)
        return result.hasWork ? result : drain(&locked)
      }
    }
    finishDrain(result)
  }

  /// Carries out what a drain left to do outside the lock, and drains on until it is done.
  ///
  /// Each round cancels the replaced effects, then creates the new effects' tasks, both
  /// outside the lock (cancellation handlers run synchronously and may send); then, in one
  /// critical section, attaches the new tasks and reduces what is queued.
  private func finishDrain(_ first: DrainResult) {
    var result = first
    while true {
      for task in result.toCancel {
        task.cancel()
      }
      if result.isFinished { return }
      let launched = result.toLaunch.map { record, operation in
        (record, Task { await self.run(operation, as: record) })
      }
      result = locked.withLock { locked in
        // An effect cancelled while its task was being created (the store was cancelled
        // meanwhile) has its task cancelled in the next round.
        let unwanted = launched.filter { record, task in !locked.machine.attach(task, to: record) }
        var next = drain(&locked)
        next.toCancel += unwanted.map(\.1)
        return next
      }
    }
  }

  /// Reduces queued events until the queue is empty or tasks must be cancelled.
  private func drain(_ locked: inout Locked) -> DrainResult {
    var result = DrainResult()
    while !result.isFinished {
      handle(locked.machine.next(), on: &locked, into: &result)
      if result.hasWork { return result }
    }
    return result
  }

  /// Reports one step of the drain and carries out the decisions it made.
  private func handle(
    _ step: Bookkeeping.Step, on locked: inout Locked, into result: inout DrainResult
  ) {
    switch step {
    case .idle:
      result.isFinished = true
    case .dropped(let queued):
      instrumentation?.observe(.dropped(queued.event, queued.origin, .staleGeneration))
    case .reduced(let queued, let decisions):
      if let instrumentation {
        instrumentation.observe(
          .reduced(
            Transition(event: queued.event, origin: queued.origin, state: locked.machine.state)))
      }
      if !locked.subscribers.isEmpty {
        for subscriber in locked.subscribers.values {
          subscriber.yield(locked.machine.state)
        }
      }
      if !decisions.isEmpty {
        perform(decisions, on: &locked, into: &result)
      }
    }
  }

  private func perform(
    _ decisions: [Bookkeeping.Decision],
    on locked: inout Locked,
    into result: inout DrainResult
  ) {
    for decision in decisions {
      switch decision {
      case .cancel(let record, let task):
        instrumentation?.observe(.effectCancelled(record))
        result.toCancel.append(task)
      case .cancelUnattached(let record):
        instrumentation?.observe(.effectCancelled(record))
      case .launch(let record, let operation):
        // Counted as running from here on, so a test never sees quiet before the task runs.
        instrumentation?.observe(.effectStarted(record))
        result.toLaunch.append((record, operation))
      }
    }
  }

  private func run(_ operation: @escaping EffectOperation<Event>, as record: EffectRecord) async {
    let send =
      instrumentation?.faults.deliversEffectEventsTwice == true
      ? Send<Event> { event in
        self.send(event, origin: .effect(record))
        self.send(event, origin: .effect(record))
      }
      : Send<Event> { event in self.send(event, origin: .effect(record)) }
    let body: @Sendable () async -> Void = {
      let outcome: EffectOutcome
      do {
        try await operation(send)
        outcome = Task.isCancelled ? .cancelled : .completed
      } catch {
        outcome =
          Task.isCancelled || error is CancellationError ? .cancelled : .failed("\(error)")
      }
      self.effectEnded(record, outcome)
    }
    if let instrumentation {
      await instrumentation.runEffect(record, body)
    } else {
      await body()
    }
  }

  private func effectEnded(_ record: EffectRecord, _ outcome: EffectOutcome) {
    locked.withLock { locked in
      locked.machine.effectEnded(record)
      instrumentation?.observe(.effectEnded(record, outcome))
    }
  }

  /// Cancels every running effect, drops the queue and ends every `states` stream.
  func cancel() {
    let (cancellation, subscribers) = locked.withLock { locked in
      let cancellation = locked.machine.cancel()
      if let instrumentation {
        for queued in cancellation.dropped {
          instrumentation.observe(.dropped(queued.event, queued.origin, .storeCancelled))
        }
        for record in cancellation.records {
          instrumentation.observe(.effectCancelled(record))
        }
      }
      let subscribers = Array(locked.subscribers.values)
      locked.subscribers = [:]
      return (cancellation, subscribers)
    }
    for task in cancellation.handles {
      task.cancel()
    }
    for subscriber in subscribers {
      subscriber.finish()
    }
  }

  /// A new stream of states: the current one first, then every state after it.
  func makeStateStream() -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self)
    let id = locked.withLock { locked -> Int? in
      continuation.yield(locked.machine.state)
      guard locked.machine.phase != .cancelled else { return nil }
      let id = locked.nextSubscriber
      locked.nextSubscriber += 1
      locked.subscribers[id] = continuation
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.locked.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Counters for the testing library: events queued, effect tasks not yet ended.
  var counts: (queuedEvents: Int, runningEffects: Int) {
    locked.withLock { ($0.machine.queuedEventCount, $0.machine.runningEffectCount) }
  }
}
