/// Turns states and events into effects, and the effects' results back into events.
///
/// A store evaluates every feedback synchronously right after each transition, in the same
/// critical section as the reduce, so every feedback sees every state. What a feedback decides
/// there is which effects to start, keep or cancel; only the effect bodies run as tasks.
///
/// Every effect-starting form is *switch-latest*: a new trigger cancels the effect it
/// replaces, and events that the cancelled effect emitted but the store has not reduced yet
/// are dropped. A stale result can never be applied.
///
/// The forms, in the order you will usually reach for them:
/// - ``onChange(of:name:fileID:line:effect:onError:)``: one effect per distinct query;
/// - ``streaming(of:name:fileID:line:events:onError:)``: the same lifetime, many events;
/// - ``whenBecomesTrue(_:name:fileID:line:effect:onError:)``: fires on an edge;
/// - ``onEvent(matching:name:fileID:line:effect:onError:)``: reacts to events, not states;
/// - ``forEach(keys:name:fileID:line:effect:onError:)-((State)->Set<Key>,_,_,_,_,_)``: one
///   effect per key, keyed lifetimes (with an array of keys, started in its order);
/// - ``custom(name:initial:react:)``: anything else, with the same bookkeeping.
///
/// ## Errors
///
/// An effect that throws does not stop the loop. Its error is dropped, unless the feedback was
/// given an `onError` function that maps it to an event, in which case that event is sent.
/// Errors thrown because the effect was cancelled are always dropped.
public struct Feedback<State: Sendable, Event: Sendable>: Sendable {
  /// The name diagnostics use for this feedback ("effect of feedback `search`").
  public let name: String

  /// Makes the per-store reaction: a closure that owns this feedback's memory in one store.
  let makeReaction: @Sendable () -> Reaction

  /// One feedback's decision step inside one store, called under the store's lock.
  typealias Reaction = (_ state: State, _ event: Event?, _ effects: inout FeedbackEffects<Event>)
    -> Void

  init(name: String, makeReaction: @escaping @Sendable () -> Reaction) {
    self.name = name
    self.makeReaction = makeReaction
  }

  /// The most general feedback: a decision function with memory of its own.
  ///
  /// After every transition the store calls `react` with this feedback's memory, the new state
  /// and the event that caused it (`nil` for the initial state, when the store starts). The
  /// function decides through `effects` which effects to start or cancel, each identified by
  /// a key. Starting a key that is already running cancels the running effect first
  /// (switch-latest), exactly as in the other forms.
  ///
  /// `react` runs inside the store's critical section: keep it fast and pure.
  ///
  /// ```swift
  /// // Start a poll when polling is switched on, stop it when switched off.
  /// let poll = Feedback<State, Event>.custom(name: "poll", initial: false) {
  ///   wasOn, state, _, effects in
  ///   guard state.polling != wasOn else { return }
  ///   wasOn = state.polling
  ///   if state.polling {
  ///     effects.start("poll") { send in
  ///       while true {
  ///         try await clock.sleep(for: .seconds(5))
  ///         send(.tick)
  ///       }
  ///     }
  ///   } else {
  ///     effects.cancel("poll")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name diagnostics use for this feedback.
  ///   - initial: The memory this feedback starts with in each store.
  ///   - react: Decides, after each transition, which effects to start or cancel.
  /// - Returns: The feedback.
  public static func custom<Memory: Sendable>(
    name: String,
    initial: Memory,
    react:
      @escaping @Sendable (
        _ memory: inout Memory, _ state: State, _ event: Event?,
        _ effects: inout FeedbackEffects<Event>
      ) -> Void
  ) -> Feedback {
    Feedback(name: name) {
      var memory = initial
      return { state, event, effects in react(&memory, state, event, &effects) }
    }
  }
}

/// The effects one feedback starts and cancels after one transition.
///
/// Handed to the `react` function of ``Feedback/custom(name:initial:react:)``; the store
/// carries out the requests, in order, once `react` returns.
public struct FeedbackEffects<Event: Sendable> {
  enum Command {
    case start(EffectKey, Effect<Event>)
    case cancel(EffectKey)
  }

  var commands: [Command] = []

  init() {}

  /// Starts an effect under `id`, cancelling the effect already running under that `id`.
  ///
  /// Events the cancelled effect emitted but the store has not reduced yet are dropped.
  ///
  /// - Parameters:
  ///   - id: Identifies the effect within this feedback.
  ///   - operation: The effect's body. It runs as a task and sends events through the
  ///     ``Send`` it is given.
  public mutating func start<ID: Hashable & Sendable>(
    _ id: ID,
    _ operation: @escaping EffectOperation<Event>
  ) {
    commands.append(.start(EffectKey(id), .stream(operation)))
  }

  /// Starts an effect under `id` that answers once: the event `body` returns, if any, is its
  /// last act, so the store records the effect's end and reduces that event in one step.
  ///
  /// What the built-in forms start. A chain of such effects, each answering with an event
  /// that starts the next, runs on one reused task (see `StoreCore`).
  ///
  /// - Parameters:
  ///   - id: Identifies the effect within this feedback.
  ///   - body: The effect's work; the event it returns, if any, is sent.
  ///   - onError: Maps an error `body` throws to the event to send instead; never given a
  ///     cancellation. An error it maps to `nil`, or with no `onError`, ends the effect with
  ///     no event.
  mutating func start<ID: Hashable & Sendable>(
    _ id: ID, answering body: @escaping @Sendable () async throws -> Event?,
    onError: (@Sendable (any Error) -> Event?)?
  ) {
    commands.append(.start(EffectKey(id), .single(body, onError: onError)))
  }

  /// Cancels the effect running under `id`, if any, and drops its unreduced events.
  ///
  /// - Parameter id: Identifies the effect within this feedback.
  public mutating func cancel<ID: Hashable & Sendable>(_ id: ID) {
    commands.append(.cancel(EffectKey(id)))
  }
}

/// The body of an effect: async work that sends events back to its store.
public typealias EffectOperation<Event> = @Sendable (Send<Event>) async throws -> Void

/// How an effect runs: sending events as it goes, or answering once with its last event.
enum Effect<Event: Sendable>: Sendable {
  /// A body that sends any number of events through its ``Send``.
  case stream(EffectOperation<Event>)
  /// A body whose returned event, if any, is its last act, and what maps its errors to an
  /// event.
  case single(@Sendable () async throws -> Event?, onError: (@Sendable (any Error) -> Event?)?)
}

/// Sends events from a running effect back to the store that started it.
///
/// Each `Send` belongs to one effect and one generation: once the effect has been cancelled
/// or replaced, what it sends is dropped.
public struct Send<Event: Sendable>: Sendable {
  let emit: @Sendable (Event) -> Void

  /// Creates a sink that hands every event to `emit`.
  ///
  /// The store makes these; create one yourself only to run an effect operation in isolation.
  ///
  /// - Parameter emit: Receives each event sent.
  public init(_ emit: @escaping @Sendable (Event) -> Void) {
    self.emit = emit
  }

  /// Sends `event` to the store, unless this effect has been cancelled or replaced.
  ///
  /// - Parameter event: The event to reduce.
  public func callAsFunction(_ event: Event) {
    emit(event)
  }
}
