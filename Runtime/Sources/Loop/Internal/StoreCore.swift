import LoopSynchronization

/// The owner of a store's bookkeeping: keeps the ``StoreStateMachine`` in a `Mutex` and
/// carries out what it decides, creating and cancelling effect tasks outside the lock.
///
/// Order matters: after a transition, the effects it replaced are cancelled *before* the
/// tasks of the effects it started are created, so a replaced effect never overlaps its
/// successor (one renewed debounce timer is one sleeper, not two for an instant).
///
/// Effect tasks hold the core, never the ``Store``: dropping the last reference to the store
/// cancels every effect, and the core goes away once the last task has ended.
///
/// Tasks are reused along chains of effects that answer once (`Effect.single`, every
/// built-in feedback form): when such an effect returns its event, its end is recorded and
/// the event reduced in one critical section, so the effect is over (not cancelled) when the
/// reduction starts its successor, and the same task, a ``Worker``, runs the successor next,
/// with no task created and no lock taken again. A worker whose effect was cancelled, or a
/// streaming effect, hands nothing on: its task ends, and successors get new tasks.
final class StoreCore<State: Sendable, Event: Sendable>: Sendable {
  typealias Bookkeeping = StoreStateMachine<State, Event, Worker>

  struct Locked {
    var machine: Bookkeeping
    var subscribers: [Int: AsyncStream<State>.Continuation] = [:]
    var nextSubscriber = 0

    /// Hands `state` to every `states` stream, and forgets the streams that have ended.
    ///
    /// Under the store's lock, so every stream sees the states in order. An ended stream is
    /// found here, by its yield's result, not in an `onTermination` handler: a stream's
    /// consumer task, when cancelled, runs that handler while holding its own status lock,
    /// and a yield made here under the store's lock needs that task's status lock to resume
    /// it, so a handler that took the store's lock could deadlock with this yield (a trails
    /// process quitting hung so, once in 25 runs).
    mutating func yieldToSubscribers() {
      var ended: [Int] = []
      for (id, subscriber) in subscribers {
        if case .terminated = subscriber.yield(machine.state) { ended.append(id) }
      }
      for id in ended {
        subscribers.removeValue(forKey: id)
      }
    }
  }

  /// What one pass of draining leaves to do outside the lock.
  struct DrainResult {
    var toCancel: [Worker] = []
    var toLaunch: [(EffectRun, Effect<Event>)] = []
    var isFinished = false

    /// Whether the drain must pause to cancel or launch tasks outside the lock.
    var hasWork: Bool { !toCancel.isEmpty || !toLaunch.isEmpty }
  }

  /// What the fast way of ``send(_:origin:)`` did.
  private enum FastSend {
    /// Reduced, nothing to carry out.
    case done
    /// Reduced; these decisions are to be carried out.
    case decided(DrainResult)
    /// Not taken (a drain in progress, a stale event, a cancelled store): the usual way.
    case notTaken
  }

  let locked: Mutex<Locked>
  let instrumentation: StoreInstrumentation<State, Event>?

  init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>],
    instrumentation: StoreInstrumentation<State, Event>?
  ) {
    let machine = Bookkeeping(initial: initial, reducer: reducer, feedbacks: feedbacks)
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
    locked.withLock { $0.machine.phase.isCancelled }
  }

  /// Queues `event` and, unless another caller is draining, reduces everything queued.
  func send(_ event: Event, origin: EventOrigin) {
    // Uninstrumented, a send that finds nothing draining is reduced at once: one critical
    // section, no queue; it leaves the usual way only to carry out decisions.
    if instrumentation == nil {
      let fast = locked.withLock { locked -> FastSend in
        guard let decisions = locked.machine.reduceAtOnce(event, origin: origin) else {
          return .notTaken
        }
        // Checked here, not only inside: the call alone costs a send ~30 instructions.
        if !locked.subscribers.isEmpty { locked.yieldToSubscribers() }
        guard !decisions.isEmpty else { return .done }
        var result = DrainResult()
        perform(decisions, on: &locked, into: &result)
        return .decided(result)
      }
      switch fast {
      case .done: return
      case .decided(let result):
        finishDrain(result)
        return
      case .notTaken: break
      }
    }
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
  ///
  /// - Parameters:
  ///   - first: What the first critical section left to do.
  ///   - adopter: The worker running this drain, which takes an effect to run next instead
  ///     of a new task; a cancellation meant for it is not sent to its own task but
  ///     reported, and the effect runs cancelled on a task of its own instead.
  /// - Returns: Whether the adopter's effect was cancelled before it started.
  @discardableResult
  private func finishDrain(_ first: DrainResult, adopter: Worker? = nil) -> Bool {
    var result = first
    var isAdopteeCancelled = false
    while true {
      for worker in result.toCancel {
        if worker === adopter {
          isAdopteeCancelled = true
        } else {
          worker.cancel()
        }
      }
      if result.isFinished { return isAdopteeCancelled }
      let launched = result.toLaunch.map { record, effect in
        (
          record,
          Worker.start(on: instrumentation?.taskExecutor) { worker in
            await self.work(effect, as: record, on: worker)
          }
        )
      }
      result = locked.withLock { locked in
        // An effect cancelled while its task was being created (the store was cancelled
        // meanwhile) has its task cancelled in the next round.
        let unwanted = launched.filter { record, worker in
          !locked.machine.attach(worker, to: record)
        }
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
      // The bookkeeping drops a stale event; only a test's planted fault, through the
      // instrumentation it owns, has it reduced anyway (contracts measure their strength so).
      if instrumentation?.faults.acceptsStaleEvents == true {
        handle(locked.machine.reduce(queued), on: &locked, into: &result)
      } else {
        instrumentation?.observe(.dropped(queued.event, queued.origin, .staleGeneration))
      }
    case .reduced(let queued, let decisions):
      report(queued, on: &locked)
      if !decisions.isEmpty {
        perform(decisions, on: &locked, into: &result)
      }
    }
  }

  /// Tells the instrumentation and every `states` stream about the state `queued` led to.
  private func report(_ queued: Bookkeeping.Queued, on locked: inout Locked) {
    if let instrumentation {
      if let equalState = instrumentation.equalState,
        let equal = equalState(locked.machine.state)
      {
        locked.machine.replaceState(withEqual: equal)
      }
      instrumentation.observe(
        .reduced(
          Transition(event: queued.event, origin: queued.origin, state: locked.machine.state)))
    }
    if !locked.subscribers.isEmpty { locked.yieldToSubscribers() }
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

  /// Runs `effect`, then, as long as each effect it runs answers and hands on a successor,
  /// the successors, on the calling task.
  private func work(_ effect: Effect<Event>, as record: EffectRun, on worker: Worker) async {
    var current = (record, effect)
    var handedOn = 0
    while let next = await run(current.1, as: current.0, on: worker) {
      current = next
      handedOn += 1
      // A chain of effects that never suspend would hold this thread: let others run now
      // and then, at the cost of one hop in 1,024.
      if handedOn & 1023 == 0 { await Task.yield() }
    }
  }

  /// Runs one effect to its end and records the end.
  ///
  /// - Returns: The effect this task runs next, when `effect` answered once and the
  ///   reduction of its answer started one.
  private func run(
    _ effect: Effect<Event>, as record: EffectRun, on worker: Worker
  ) async -> (EffectRun, Effect<Event>)? {
    switch effect {
    case .stream(let operation):
      let body: @Sendable () async -> Void = {
        let outcome = await Self.outcome { try await operation(self.sender(for: record)) }
        self.effectEnded(record, outcome)
      }
      if let instrumentation {
        await instrumentation.runEffect(record, body)
      } else {
        await body()
      }
      return nil
    case .single(let body, let onError):
      let answer: Answer
      if let instrumentation {
        let box = Mutex(Answer(event: nil, outcome: .cancelled))
        await instrumentation.runEffect(record) {
          let answer = await Self.answer(of: body, onError: onError)
          box.withLock { $0 = answer }
        }
        answer = box.withLock { $0 }
      } else {
        answer = await Self.answer(of: body, onError: onError)
      }
      return finish(record, answer, on: worker)
    }
  }

  /// What an effect that answers once ended with.
  private struct Answer: Sendable {
    var event: Event?
    var outcome: EffectOutcome
  }

  /// Runs the body of an effect that answers once; an error becomes `onError`'s event, or
  /// ends the effect with none.
  private static func answer(
    of body: @Sendable () async throws -> Event?,
    onError: (@Sendable (any Error) -> Event?)?
  ) async -> Answer {
    do {
      let event = try await body()
      return Answer(event: event, outcome: Task.isCancelled ? .cancelled : .completed)
    } catch {
      let cancelled = Task.isCancelled || error is CancellationError
      if !cancelled, let onError, let event = onError(error) {
        return Answer(event: event, outcome: .completed)
      }
      return Answer(event: nil, outcome: cancelled ? .cancelled : .failed("\(error)"))
    }
  }

  private static func outcome(of body: () async throws -> Void) async -> EffectOutcome {
    do {
      try await body()
      return Task.isCancelled ? .cancelled : .completed
    } catch {
      return Task.isCancelled || error is CancellationError ? .cancelled : .failed("\(error)")
    }
  }

  /// The ``Send`` of a streaming effect.
  private func sender(for record: EffectRun) -> Send<Event> {
    instrumentation?.faults.deliversEffectEventsTwice == true
      ? Send<Event> { event in
        self.send(event, origin: .effect(record))
        self.send(event, origin: .effect(record))
      }
      : Send<Event> { event in self.send(event, origin: .effect(record)) }
  }

  /// Records the end of an effect that answered once and reduces its answer, in one critical
  /// section; returns the effect the worker runs next, if the reduction started one and the
  /// worker may take it.
  ///
  /// The end is recorded before the reduction, so the effect is finished, not running, when
  /// its answer starts a successor under the same key: nothing is cancelled. The end is
  /// observed after the reduction and the starts it caused, so a test never sees the store
  /// quiet in between.
  private func finish(
    _ record: EffectRun, _ answer: Answer, on worker: Worker
  ) -> (EffectRun, Effect<Event>)? {
    let mayHandOn = answer.outcome == .completed && !Task.isCancelled
    let (result, handedOn) = locked.withLock {
      locked -> (DrainResult, (EffectRun, Effect<Event>)?) in
      var result = DrainResult(isFinished: true)
      var mustDrain = false
      if let event = answer.event {
        let copies = instrumentation?.faults.deliversEffectEventsTwice == true ? 2 : 1
        for _ in 0..<copies {
          switch locked.machine.enqueue(event, origin: .effect(record)) {
          case .discard:
            instrumentation?.observe(.dropped(event, .effect(record), .arrivedAfterCancel))
          case .queued:
            instrumentation?.observe(.enqueued(event, .effect(record)))
          case .drain:
            instrumentation?.observe(.enqueued(event, .effect(record)))
            mustDrain = true
          }
        }
      }
      locked.machine.effectEnded(record)
      var handedOn: (EffectRun, Effect<Event>)?
      if mustDrain, let event = answer.event {
        result = DrainResult()
        let step = locked.machine.process(event, origin: .effect(record))
        if mayHandOn, case .reduced(let queued, let decisions) = step, decisions.count == 1,
          case .launch(let next, let effect) = decisions[0]
        {
          // The chain's usual step, one successor and nothing to cancel: taken at once.
          report(queued, on: &locked)
          instrumentation?.observe(.effectStarted(next))
          let attached = locked.machine.attach(worker, to: next)
          precondition(attached, "an effect launched in this critical section is attachable")
          handedOn = (next, effect)
        } else {
          handle(step, on: &locked, into: &result)
        }
        // Drain on in this critical section until the queue is empty or tasks must be
        // cancelled or created; the worker takes the first effect to create itself.
        while true {
          if mayHandOn, handedOn == nil, !result.toLaunch.isEmpty {
            let next = result.toLaunch.removeFirst()
            let attached = locked.machine.attach(worker, to: next.0)
            precondition(attached, "an effect launched in this critical section is attachable")
            handedOn = next
          }
          if result.hasWork || result.isFinished { break }
          let more = drain(&locked)
          result.toCancel += more.toCancel
          result.toLaunch += more.toLaunch
          result.isFinished = more.isFinished
        }
      }
      instrumentation?.observe(.effectEnded(record, answer.outcome))
      return (result, handedOn)
    }
    let isHandedOnCancelled = finishDrain(result, adopter: handedOn == nil ? nil : worker)
    guard let handedOn else { return nil }
    guard !isHandedOnCancelled else {
      // Replaced later in the same drain: it runs cancelled on a task of its own, as any
      // effect cancelled right after its task was created does, and this task ends.
      let (record, effect) = handedOn
      Worker.start(on: instrumentation?.taskExecutor) { worker in
        await self.work(effect, as: record, on: worker)
      }.cancel()
      return nil
    }
    return handedOn
  }

  private func effectEnded(_ record: EffectRun, _ outcome: EffectOutcome) {
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
    for worker in cancellation.handles {
      worker.cancel()
    }
    for subscriber in subscribers {
      subscriber.finish()
    }
  }

  /// A new stream of states: the current one first, then every state after it.
  func makeStateStream() -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self)
    let registered = locked.withLock { locked -> Bool in
      continuation.yield(locked.machine.state)
      guard !locked.machine.phase.isCancelled else { return false }
      locked.subscribers[locked.nextSubscriber] = continuation
      locked.nextSubscriber += 1
      return true
    }
    // A stream that ends is forgotten by the next state's yield (`yieldToSubscribers`), not
    // by an `onTermination` handler, which would take the store's lock (see there).
    if !registered { continuation.finish() }
    return stream
  }

  /// Counters for the testing library: events queued, effect tasks not yet ended.
  var counts: (queuedEvents: Int, runningEffects: Int) {
    locked.withLock { ($0.machine.queuedEventCount, $0.machine.runningEffectCount) }
  }
}
