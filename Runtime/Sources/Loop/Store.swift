/// Runs a machine: reduces events one at a time and keeps its feedbacks' effects running.
///
/// ```swift
/// let store = Store(
///   initial: Search.State(),
///   machine: Search(catalog: .fixtures, clock: clock, localCatalog: { [] }))
/// store.send(.textChanged("star wars"))
/// for await state in store.states { render(state) }
/// ```
///
/// ## Where work runs
///
/// ``send(_:)`` reduces synchronously in the caller. Right after each reduce, in the same
/// critical section, every feedback looks at the new state and starts, keeps or cancels
/// effects; only effect bodies run as tasks. A `send` that arrives while another caller is
/// reducing (from an effect, another task, or a ``states`` observer) is queued and reduced by
/// that caller before it returns, never re-entrantly. Events are reduced in arrival order, and
/// the events of each sender in the order it sent them.
///
/// ## Lifetime
///
/// ``cancel()``, or dropping the last reference to the store, cancels every running effect
/// and ends every ``states`` stream. A cancelled store ignores later events: ``send(_:)`` on
/// it does nothing. No task outlives the effects it ran.
public final class Store<State: Sendable, Event: Sendable>: Sendable {
  let core: StoreCore<State, Event>

  /// Creates a store running `machine`, starting at `initial`.
  ///
  /// The machine's feedbacks look at `initial` before `init` returns, so an effect the
  /// initial state calls for is already running.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - machine: The feature, with its dependencies.
  public convenience init<M: Machine>(initial: State, machine: M)
  where M.State == State, M.Event == Event {
    self.init(initial: initial, reducer: M.reducer, feedbacks: machine.feedbacks)
  }

  /// Creates a store from a reducer and feedbacks, without a ``Machine`` type.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - reducer: The transition function.
  ///   - feedbacks: The feedbacks, evaluated in this order after every transition.
  public convenience init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>] = []
  ) {
    self.init(initial: initial, reducer: reducer, feedbacks: feedbacks, instrumentation: nil)
  }

  /// Creates a store that reports everything it does to `instrumentation`.
  package init(
    initial: State,
    reducer: Reducer<State, Event>,
    feedbacks: [Feedback<State, Event>],
    instrumentation: StoreInstrumentation<State, Event>?
  ) {
    core = StoreCore(
      initial: initial, reducer: reducer, feedbacks: feedbacks, instrumentation: instrumentation)
    core.start()
  }

  deinit {
    core.cancel()
  }

  /// The current state.
  public var state: State {
    core.state
  }

  /// Whether ``cancel()`` has been called.
  public var isCancelled: Bool {
    core.isCancelled
  }

  /// Reduces `event` now, or queues it behind the reduce in progress.
  ///
  /// Callable from any task or thread. On a cancelled store it does nothing.
  ///
  /// - Parameter event: The event to reduce.
  public func send(_ event: Event) {
    core.send(event, origin: .user)
  }

  /// A new stream of the store's states: the current state first, then every later one.
  ///
  /// Each access makes an independent, unbounded stream, meant for a renderer. It finishes
  /// when the store is cancelled or released. Observing does not slow a store that nobody
  /// observes.
  public var states: AsyncStream<State> {
    core.makeStateStream()
  }

  /// Waits for the first state, from the current one on, that satisfies `condition`.
  ///
  /// The current state is checked first, so a state an event sent just before reached is
  /// never missed; then every later state, in order. A command-line run sends its request
  /// and waits for the state that answers it:
  ///
  /// ```swift
  /// store.send(.textChanged("swift"))
  /// let answer = await store.first { $0.text == "swift" && $0.isSettled }
  /// ```
  ///
  /// - Parameter condition: What the state waited for satisfies.
  /// - Returns: That state; `nil` when the store is cancelled or released first.
  nonisolated(nonsending) public func first(where condition: (State) -> Bool) async -> State? {
    for await state in states where condition(state) {
      return state
    }
    return nil
  }

  /// Cancels every running effect and stops reducing.
  ///
  /// Events queued and not yet reduced are dropped; later ``send(_:)`` calls do nothing.
  /// Calling it more than once is harmless.
  public func cancel() {
    core.cancel()
  }

  /// Events queued and not yet reduced, and effect tasks that have not ended.
  package var counts: (queuedEvents: Int, runningEffects: Int) {
    core.counts
  }
}
