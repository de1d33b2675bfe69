/// The bookkeeping of one store: its state, its event queue and its effects' lifetimes.
///
/// No tasks and no locks: the owner (``StoreCore``) keeps this value in a `Mutex`, calls one
/// `mutating func` per input, and carries out what it returns (creating tasks, cancelling
/// them) itself. `Handle` is the owner's way to stop an effect: a `Task` in the store, a plain
/// value in this type's own tests.
///
/// Generations: every effect start gets a fresh generation within its feedback, and each
/// (feedback, key) slot remembers the generation it holds. An event an effect emitted is
/// reduced only while its generation is still the slot's: cancelling or replacing an effect
/// empties or renews the slot, so the effect's unreduced events become stale and are dropped.
/// An effect that finished normally keeps its slot, so what it sent is still reduced.
struct StoreStateMachine<State: Sendable, Event: Sendable, Handle> {
  typealias Reaction = Feedback<State, Event>.Reaction

  /// An event waiting to be reduced.
  struct Queued {
    let event: Event
    let origin: EventOrigin
  }

  /// What the owner must do about one effect after a transition.
  enum Decision {
    /// Stop the running task `handle`; its slot is already gone.
    case cancel(EffectRun, Handle)
    /// The effect was cancelled before its task was attached; ``attach(_:to:)`` will say so.
    case cancelUnattached(EffectRun)
    /// Create a task running `operation`, then ``attach(_:to:)`` its handle. The owner does
    /// this after cancelling the tasks of the same step, outside the lock, and drains nothing
    /// more until it has attached.
    case launch(EffectRun, Effect<Event>)
  }

  /// The answer to ``enqueue(_:origin:)``.
  enum EnqueueAction: Equatable {
    /// The store is cancelled: the event is dropped.
    case discard
    /// Another caller is draining the queue and will reduce the event.
    case queued
    /// The caller must reduce the event now with ``process(_:origin:)``, then drain the queue
    /// (``next()`` until `.idle`). The event was not queued: the common case, a send with no
    /// other send in progress, never touches the queue.
    case drain
  }

  /// The answer to ``next()``.
  enum Step {
    /// The queue is empty; the drain is over.
    case idle
    /// The next event was stale and has been dropped.
    case dropped(Queued)
    /// The next event was reduced; ``state`` is the new state.
    case reduced(Queued, [Decision])
  }

  /// What ``cancel()`` leaves for the owner to do.
  struct Cancellation {
    var handles: [Handle] = []
    var records: [EffectRun] = []
    var dropped: [Queued] = []
  }

  /// Where the store is, each case holding only what is valid in it.
  enum Phase {
    /// Nothing is being reduced and nothing waits.
    case idle
    /// A caller is reducing events; what is sent meanwhile waits in the backlog for it.
    case draining(Backlog)
    /// Stopped: every later event is refused.
    case cancelled

    /// Whether the store is stopped.
    var isCancelled: Bool {
      if case .cancelled = self { true } else { false }
    }
  }

  /// Events sent during a drain, oldest first, for the drainer to reduce in order.
  struct Backlog {
    private var events: [Queued] = []
    /// The first event not taken yet: taking one moves this on instead of shifting the array.
    private var head = 0

    /// Events not taken yet.
    var count: Int { events.count - head }
    /// The events not taken yet, oldest first.
    var waiting: ArraySlice<Queued> { events[head...] }

    mutating func append(_ queued: Queued) { events.append(queued) }

    /// Takes the oldest event, or says there is none.
    mutating func takeFirst() -> Queued? {
      guard head < events.count else { return nil }
      head += 1
      return events[head - 1]
    }
  }

  enum Slot {
    case running(EffectRun, Handle?)
    case finished(EffectRun)

    var record: EffectRun {
      switch self {
      case .running(let record, _), .finished(let record): record
      }
    }
  }

  /// Effects cancelled by a step while their task was still being created: ``attach(_:to:)``
  /// answers `false` for them.
  private var cancelledBeforeAttach: Set<EffectRun> = []

  private(set) var state: State
  private(set) var phase = Phase.idle
  /// Effects whose task has been created and has not ended yet, cancelled ones included.
  private(set) var runningEffectCount = 0

  private let reducer: Reducer<State, Event>
  /// One running feedback: its name, its reaction, the next generation, its slots.
  private struct Running {
    let name: String
    var reaction: Reaction
    var generation = 0
    var slots = EffectSlots<Slot>()
  }

  /// The feedbacks, in one array: one allocation per store, not four.
  private var running: [Running]
  /// Where a reaction writes its commands; kept between steps so its buffer is reused.
  private var effects = FeedbackEffects<Event>()

  init(
    initial: State, reducer: Reducer<State, Event>, feedbacks: [Feedback<State, Event>]
  ) {
    self.state = initial
    self.reducer = reducer
    self.running = feedbacks.map { Running(name: $0.name, reaction: $0.makeReaction()) }
  }

  /// Takes `equal`, a value equal to ``state``, as the state (its storage, shared with its
  /// owner's): see `StoreInstrumentation.equalState`.
  mutating func replaceState(withEqual equal: State) {
    state = equal
  }

  /// Events queued and not reduced or dropped yet.
  var queuedEventCount: Int {
    if case .draining(let backlog) = phase { backlog.count } else { 0 }
  }

  /// Lets every feedback look at the initial state; returns the effects to launch.
  ///
  /// The store is draining from here on: events the new effects send before the caller has
  /// attached their tasks are queued, and the caller drains them (``next()`` until `.idle`).
  mutating func start() -> [Decision] {
    guard case .idle = phase else { preconditionFailure("start() called twice") }
    phase = .draining(Backlog())
    return react(to: nil)
  }

  /// Queues `event`, and says whether the caller must drain.
  mutating func enqueue(_ event: Event, origin: EventOrigin) -> EnqueueAction {
    switch phase {
    case .cancelled:
      return .discard
    case .draining(var backlog):
      // The phase lets go of the backlog first, so the append does not copy its buffer.
      phase = .idle
      backlog.append(Queued(event: event, origin: origin))
      phase = .draining(backlog)
      return .queued
    case .idle:
      phase = .draining(Backlog())
      return .drain
    }
  }

  /// Reduces `event` at once when nothing is draining and it is not stale: the common send,
  /// with no queue, no step and no drain.
  ///
  /// - Returns: `nil` when the event must take the usual way (``enqueue(_:origin:)``);
  ///   otherwise what the reduction decided. With decisions, the store is draining from
  ///   here on, as after ``enqueue(_:origin:)`` answered `.drain`: the caller carries them
  ///   out, then drains (``next()`` until `.idle`).
  mutating func reduceAtOnce(_ event: Event, origin: EventOrigin) -> [Decision]? {
    guard case .idle = phase else { return nil }
    if case .effect(let record) = origin, isStale(record) { return nil }
    reducer(&state, event)
    guard !running.isEmpty else { return [] }
    let decisions = react(to: event)
    if !decisions.isEmpty { phase = .draining(Backlog()) }
    return decisions
  }

  /// Reduces the event ``enqueue(_:origin:)`` answered `.drain` for, or drops it when stale.
  mutating func process(_ event: Event, origin: EventOrigin) -> Step {
    if case .idle = phase {
      preconditionFailure("process(_:origin:) called with no drain in progress")
    }
    return process(Queued(event: event, origin: origin))
  }

  /// Takes the next queued event and reduces it, or drops it when stale.
  mutating func next() -> Step {
    switch phase {
    case .cancelled:
      // A drainer that released the lock to cancel tasks comes back to a cancelled store.
      return .idle
    case .idle:
      preconditionFailure("next() called with no drain in progress")
    case .draining(var backlog):
      phase = .idle  // the drain ends here unless an event waits
      guard let queued = backlog.takeFirst() else { return .idle }
      phase = .draining(backlog)
      return process(queued)
    }
  }

  private mutating func process(_ queued: Queued) -> Step {
    if case .effect(let record) = queued.origin, isStale(record) {
      return .dropped(queued)
    }
    return reduce(queued)
  }

  /// Reduces `queued` and reacts to it, stale or not.
  ///
  /// It is what ``next()`` does with an event it does not drop. The owner calls it for an
  /// event ``next()`` dropped only when a test plants the fault of a runtime that reduces stale
  /// events (``RuntimeFaults/acceptsStaleEvents``).
  mutating func reduce(_ queued: Queued) -> Step {
    reducer(&state, queued.event)
    return .reduced(queued, react(to: queued.event))
  }

  /// Records the task handle of an effect ``next()`` or ``start()`` asked to launch.
  ///
  /// - Returns: `false` when the effect was cancelled meanwhile (the store was cancelled):
  ///   the owner must cancel the task.
  mutating func attach(_ handle: Handle, to record: EffectRun) -> Bool {
    if phase.isCancelled { return false }
    if !cancelledBeforeAttach.isEmpty, cancelledBeforeAttach.remove(record) != nil {
      return false
    }
    switch running[record.feedbackIndex].slots[record.key] {
    case .running(let current, nil)? where current == record:
      running[record.feedbackIndex].slots[record.key] = .running(record, handle)
      return true
    case .finished(let current)? where current == record:
      // The task ran to its end before its handle arrived; there is nothing left to stop.
      return true
    default:
      preconditionFailure("attach(_:to:) for \(record), which is not a just-launched effect")
    }
  }

  /// Notes that the task of `record` has ended, cancelled or not.
  mutating func effectEnded(_ record: EffectRun) {
    runningEffectCount -= 1
    // A cancelled or replaced effect no longer owns its slot: the ending is only counted.
    if case .running(let current, _)? = running[record.feedbackIndex].slots[record.key],
      current == record
    {
      running[record.feedbackIndex].slots[record.key] = .finished(record)
    }
  }

  /// Stops the store: drops the queue, forgets every effect, refuses every later event.
  mutating func cancel() -> Cancellation {
    var result = Cancellation()
    switch phase {
    case .cancelled: return result
    case .draining(let backlog): result.dropped = Array(backlog.waiting)
    case .idle: break
    }
    phase = .cancelled
    // An effect launched and not attached yet is refused by attach(_:to:), which sees the
    // cancelled phase: the owner cancels its task then.
    cancelledBeforeAttach.removeAll()
    for index in running.indices {
      for slot in running[index].slots.values {
        if case .running(let record, let handle) = slot {
          result.records.append(record)
          if let handle { result.handles.append(handle) }
        }
      }
      running[index].slots.removeAll()
    }
    return result
  }

  /// Whether an event `record`'s effect sent must be dropped: its slot has moved on.
  private func isStale(_ record: EffectRun) -> Bool {
    running[record.feedbackIndex].slots[record.key]?.record != record
  }

  private mutating func react(to event: Event?) -> [Decision] {
    var decisions: [Decision] = []
    for index in running.indices {
      effects.commands.removeAll(keepingCapacity: true)
      running[index].reaction(state, event, &effects)
      for command in effects.commands {
        switch command {
        case .cancel(let key):
          vacate(index, key, into: &decisions)
        case .start(let key, let operation):
          vacate(index, key, into: &decisions)
          // Generations count from 0, as the testing library's instruments do.
          let record = EffectRun(
            feedbackIndex: index, feedback: running[index].name, key: key,
            generation: running[index].generation)
          running[index].generation += 1
          running[index].slots[key] = .running(record, nil)
          runningEffectCount += 1
          decisions.append(.launch(record, operation))
        }
      }
    }
    return decisions
  }

  /// Empties a slot; a running effect in it is returned for cancelling.
  private mutating func vacate(_ index: Int, _ key: EffectKey, into decisions: inout [Decision]) {
    guard let slot = running[index].slots.removeValue(forKey: key) else { return }
    guard case .running(let record, let handle) = slot else { return }
    if let handle {
      decisions.append(.cancel(record, handle))
      return
    }
    let launchedHere = decisions.contains { decision in
      if case .launch(let launched, _) = decision { return launched == record }
      return false
    }
    guard launchedHere else {
      // Launched by an earlier step whose task is not attached yet: cancelled on attach.
      cancelledBeforeAttach.insert(record)
      decisions.append(.cancelUnattached(record))
      return
    }
    // Started and replaced within this same reaction (a custom feedback starting one key
    // twice): the first launch never happens.
    decisions.removeAll { decision in
      if case .launch(let launched, _) = decision { return launched == record }
      return false
    }
    runningEffectCount -= 1
  }
}
