/// The baseline every store figure is compared with: a store as a Swift user writes one by
/// hand, with no library.
///
/// `send` reduces inside the actor and yields the new state to the one feedback task, which
/// loops over an `AsyncStream` of states and sends back what its `answer` returns. No
/// generations, no switch-latest, no cancellation of superseded work: only what the
/// simplest correct loop needs.
actor ActorStore {
  /// The current state.
  private(set) var state: Counter.State
  private let continuation: AsyncStream<Counter.State>.Continuation?

  /// Creates the store; with `answer`, starts its feedback task.
  ///
  /// - Parameters:
  ///   - initial: The first state.
  ///   - answer: The feedback: the event to send for a state, if any; `nil` for none.
  /// - Returns: The store and its feedback task, if any.
  static func make(
    initial: Counter.State, answer: (@Sendable (Counter.State) -> Counter.Event?)? = nil
  ) -> (store: ActorStore, feedback: Task<Void, Never>?) {
    guard let answer else { return (ActorStore(initial, continuation: nil), nil) }
    let (states, continuation) = AsyncStream.makeStream(of: Counter.State.self)
    let store = ActorStore(initial, continuation: continuation)
    let feedback = Task {
      for await state in states {
        if let event = answer(state) { await store.send(event) }
      }
    }
    return (store, feedback)
  }

  private init(_ initial: Counter.State, continuation: AsyncStream<Counter.State>.Continuation?) {
    state = initial
    self.continuation = continuation
  }

  /// Reduces `event` and hands the new state to the feedback.
  func send(_ event: Counter.Event) {
    Counter.reducer(&state, event)
    continuation?.yield(state)
  }

  /// Ends the feedback's stream.
  func finish() {
    continuation?.finish()
  }
}
