/// Who sent an event to a store.
package enum EventOrigin: Hashable, Sendable, CustomStringConvertible {
  /// Sent from outside the loop: a user, a CLI, a test.
  case user
  /// Sent by a running effect.
  case effect(EffectRun)

  package var description: String {
    switch self {
    case .user: "sent by the test"
    case .effect(let record): "sent by \(record)"
    }
  }
}

/// Identifies one run of one effect: the feedback that started it, its key and generation.
///
/// Generations count the effects a feedback has started in one store, from 0; a restart under
/// the same key gets a new generation, which is how a stale event is told from a current one.
///
/// A class, so that an event's origin costs one reference to copy on the store's hot path.
package final class EffectRun: Hashable, Sendable, CustomStringConvertible {
  /// The position of the feedback in the machine's `feedbacks`.
  package let feedbackIndex: Int
  /// The feedback's name.
  package let feedback: String
  /// The key the effect runs under within its feedback.
  package let key: EffectKey
  /// The effect's generation within its feedback, from 0.
  package let generation: Int

  init(feedbackIndex: Int, feedback: String, key: EffectKey, generation: Int) {
    self.feedbackIndex = feedbackIndex
    self.feedback = feedback
    self.key = key
    self.generation = generation
  }

  package static func == (lhs: EffectRun, rhs: EffectRun) -> Bool {
    lhs.feedbackIndex == rhs.feedbackIndex && lhs.generation == rhs.generation
      && lhs.key == rhs.key
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(feedbackIndex)
    hasher.combine(generation)
  }

  package var description: String {
    "effect of feedback `\(feedback)` (generation \(generation))"
  }
}

/// One reduced event and the state it produced.
package struct Transition<State: Sendable, Event: Sendable>: Sendable {
  /// The event that was reduced.
  package let event: Event
  /// Who sent it.
  package let origin: EventOrigin
  /// The state after the reduce.
  package let state: State
}

/// Why a store dropped an event without reducing it.
package enum DropReason: Hashable, Sendable {
  /// The effect that emitted it was cancelled or replaced before the event was reduced.
  case staleGeneration
  /// The store was cancelled with the event still queued.
  case storeCancelled
  /// The event was sent to a store already cancelled; it was never queued.
  case arrivedAfterCancel
}

/// How an effect's task ended.
package enum EffectOutcome: Hashable, Sendable {
  /// The body returned.
  case completed
  /// The task was cancelled (by a new trigger, `nil`, a removed key or the store).
  case cancelled
  /// The body threw and no `onError` mapped the error to an event; the text describes it.
  case failed(String)
}

/// Everything a store reports to an observer, in the order it happens.
///
/// Every `.enqueued` is followed by exactly one `.reduced` or `.dropped` for that event (an
/// event dropped with ``DropReason/arrivedAfterCancel`` was never queued), and
/// every `.effectStarted` by exactly one `.effectEnded` (possibly after an `.effectCancelled`).
/// The counts the testing library derives from these are exact at every moment.
package enum StoreObservation<State: Sendable, Event: Sendable>: Sendable {
  /// An event was queued for reducing.
  case enqueued(Event, EventOrigin)
  /// A queued event was reduced.
  case reduced(Transition<State, Event>)
  /// A queued event was dropped unreduced.
  case dropped(Event, EventOrigin, DropReason)
  /// An effect's task was created.
  case effectStarted(EffectRun)
  /// The store asked an effect's task to stop; `.effectEnded` follows when it has.
  case effectCancelled(EffectRun)
  /// An effect's task returned.
  case effectEnded(EffectRun, EffectOutcome)
}

/// The seam through which the testing library watches a store.
///
/// Production stores have none, and pay nothing for it.
package struct StoreInstrumentation<State: Sendable, Event: Sendable>: Sendable {
  /// Called for every observation, synchronously, under the store's lock, in order.
  ///
  /// It must not call back into the store.
  package var observe: @Sendable (StoreObservation<State, Event>) -> Void
  /// Wraps each effect's body, in the effect's task (to bind task-local values, say).
  package var runEffect: @Sendable (EffectRun, @Sendable () async -> Void) async -> Void
  /// Faults to plant in the store, for measuring contract strength; none by default.
  package var faults: RuntimeFaults
  /// The executor every effect task prefers (and the child tasks it makes inherit), so a test
  /// decides when and in which order effects run; `nil` for Swift's global executor.
  package var taskExecutor: (any TaskExecutor)?
  /// Replaces each state a reduce made by an equal one the observer holds, if it returns one.
  ///
  /// Called before ``observe`` hears of the state, synchronously and under the store's lock:
  /// a value it returns, which must be equal to the state (`==`), becomes the store's state
  /// in its place; `nil` keeps the state. `nil` for no call.
  ///
  /// A replay hands back the recorded state it found equal, so the next states share its
  /// storage with the recording's and comparing them is cheap (an array the step did not
  /// touch is compared by identity, not element by element). It must not call back into the
  /// store.
  package var equalState: (@Sendable (State) -> State?)?

  package init(
    observe: @escaping @Sendable (StoreObservation<State, Event>) -> Void,
    runEffect: @escaping @Sendable (EffectRun, @Sendable () async -> Void) async -> Void = {
      _, body in await body()
    },
    faults: RuntimeFaults = RuntimeFaults(),
    taskExecutor: (any TaskExecutor)? = nil,
    equalState: (@Sendable (State) -> State?)? = nil
  ) {
    self.observe = observe
    self.runEffect = runEffect
    self.faults = faults
    self.taskExecutor = taskExecutor
    self.equalState = equalState
  }
}

/// Faults a store can be made to have, for measuring contract strength.
///
/// The contract runner checks that a contract notices them. Only instrumented stores, which
/// tests make, carry any.
package struct RuntimeFaults: Hashable, Sendable {
  /// Every event an effect sends is queued twice.
  package var deliversEffectEventsTwice = false
  /// Events of cancelled or replaced effects are reduced instead of dropped.
  package var acceptsStaleEvents = false

  package init(deliversEffectEventsTwice: Bool = false, acceptsStaleEvents: Bool = false) {
    self.deliversEffectEventsTwice = deliversEffectEventsTwice
    self.acceptsStaleEvents = acceptsStaleEvents
  }
}

/// The key an effect runs under within its feedback.
///
/// `@unchecked Sendable` because `AnyHashable` is not `Sendable`; every key is made by
/// ``FeedbackEffects`` from a value whose type is `Hashable & Sendable`, so what it wraps is.
package struct EffectKey: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// An `Int` key (every built-in form but `forEach` uses 0) is kept as itself: hashing and
  /// comparing it costs no boxing and no dynamic cast, on every effect start and end.
  private enum Storage: Hashable {
    case int(Int)
    case any(Boxed)
  }

  /// Any other key, boxed, so that copying a key is one retain at most.
  private final class Boxed: Hashable {
    let value: AnyHashable

    init(_ value: AnyHashable) {
      self.value = value
    }

    static func == (lhs: Boxed, rhs: Boxed) -> Bool {
      lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(value)
    }
  }

  private let storage: Storage

  init<Key: Hashable & Sendable>(_ key: Key) {
    if Key.self == Int.self {
      storage = .int(unsafeBitCast(key, to: Int.self))
    } else {
      storage = .any(Boxed(AnyHashable(key)))
    }
  }

  /// Whether this is the key 0 of the built-in feedback forms.
  var isZero: Bool {
    if case .int(0) = storage { true } else { false }
  }

  /// The key as given.
  package var base: AnyHashable {
    switch storage {
    case .int(let value): AnyHashable(value)
    case .any(let boxed): boxed.value
    }
  }

  package var description: String { "\(base)" }
}
