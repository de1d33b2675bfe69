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
  /// let answer = await store.first { $0.query == "swift" && !$0.movies.isEmpty }
  /// ```
  ///
  /// To give up, cancel the task that waits (its `nil` says so), or give a timeout with
  /// ``first(where:timeout:clock:)``.
  ///
  /// - Parameter condition: What the state waited for satisfies.
  /// - Returns: That state; `nil` when the store is cancelled or released first, or the
  ///   waiting task is cancelled.
  nonisolated(nonsending) public func first(where condition: (State) -> Bool) async -> State? {
    for await state in states where condition(state) {
      return state
    }
    return nil
  }

  /// Waits for the first state, from the current one on, that satisfies `condition`, for at
  /// most `timeout` on `clock`.
  ///
  /// As ``first(where:)``, with a deadline: a command that must not hang on a server that
  /// never answers.
  ///
  /// ```swift
  /// store.send(.textChanged("swift"))
  /// guard let answer = await store.first(where: { !$0.movies.isEmpty }, timeout: .seconds(30))
  /// else {
  ///   throw Timeout()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - condition: What the state waited for satisfies.
  ///   - timeout: How long to wait.
  ///   - clock: The clock the timeout runs on; the continuous clock by default, a test's
  ///     clock in tests.
  /// - Returns: That state; `nil` when the timeout passes first, the store is cancelled or
  ///   released, or the waiting task is cancelled.
  public func first(
    where condition: @escaping @Sendable (State) -> Bool, timeout: Duration,
    clock: any Clock<Duration> = ContinuousClock()
  ) async -> State? {
    await withTaskGroup(of: State?.self) { group in
      group.addTask { await self.first(where: condition) }
      group.addTask {
        try? await clock.sleep(for: timeout)
        return nil
      }
      // Whichever ends first answers: the state, or `nil` (timeout, cancellation, release).
      let answer = await group.next() ?? nil
      group.cancelAll()
      return answer
    }
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
