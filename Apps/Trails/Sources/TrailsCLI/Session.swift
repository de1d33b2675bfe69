import Loop
import TrailsFeature

/// One command's run of the planner: the store, and the waits the command needs.
struct Session {
  let store: Store<Trails.State, Trails.Event>
  private let gate: LaunchGate

  /// Starts a store whose restore waits until ``start(with:)``; it watches the database for
  /// other processes' writes every `watchInterval` when given.
  init(
    _ composition: Composition, saveQuietWindow: Duration = .zero,
    watchInterval: Duration? = nil
  ) {
    let gate = LaunchGate()
    let machine = composition.machine(
      saveQuietWindow: saveQuietWindow, watchInterval: watchInterval, restoreAfter: gate)
    self.gate = gate
    self.store = Store(initial: machine.launchState(today: composition.today), machine: machine)
  }

  /// Sends the command's requests, then lets the restore go on.
  ///
  /// The restore is held until then, so nothing else reduces meanwhile: each request is
  /// reduced before `send` returns, and the state returned shows them all.
  ///
  /// - Returns: The state after the requests.
  /// - Throws: ``CommandFailure`` when a request was refused (a problem in the state).
  @discardableResult
  func start(with events: [Trails.Event] = []) throws -> Trails.State {
    for event in events {
      store.send(event)
    }
    let state = store.state
    gate.open()
    if let problem = state.problem { throw CommandFailure(problem.message) }
    return state
  }

  /// The first state, from now on, that satisfies `predicate`.
  func first(where predicate: (Trails.State) -> Bool) async -> Trails.State {
    for await state in store.states where predicate(state) {
      return state
    }
    return store.state
  }

  /// The state once the saved plan is restored and the queued edits applied.
  ///
  /// - Throws: ``CommandFailure`` when the restore failed or a queued edit was refused.
  func restored() async throws -> Trails.State {
    let state = await first { $0.restore != .pending }
    if case .failed(let message) = state.restore { throw CommandFailure(message) }
    if let problem = state.problem { throw CommandFailure(problem.message) }
    return state
  }

  /// The state once the plan as it is now is saved.
  ///
  /// - Throws: ``CommandFailure`` with the write's error when it failed, or with the problem
  ///   when the edit no longer applied to the plan as another process had changed it.
  func saved() async throws -> Trails.State {
    let state = await first { $0.isSaved || $0.saveError != nil }
    if let error = state.saveError { throw CommandFailure("the plan was not saved: \(error)") }
    if let problem = state.problem { throw CommandFailure(problem.message) }
    return state
  }

  /// The state once every forecast on screen has its answer.
  func forecastsSettled() async -> Trails.State {
    await first(where: \.forecastsSettled)
  }

  /// Stops every effect.
  func end() {
    store.cancel()
  }
}
