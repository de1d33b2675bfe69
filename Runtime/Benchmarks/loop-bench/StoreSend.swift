import Loop

/// B2: the cost of `Store.send` with no feedbacks, compared with B1's bare reducer call.
enum StoreSend {
  /// Events sent per run.
  static let events = 1_000_000

  /// Sends ``events`` increments to a fresh store from one task, until the final state is
  /// observed through `store.state`.
  ///
  /// The store is made before the clock starts: this measures sending, not construction.
  ///
  /// - Returns: Nanoseconds per send.
  static func run() -> Double {
    let store = Store(initial: Counter.State(), reducer: Counter.reducer)
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<events {
      store.send(.increment)
    }
    let finalCount = store.state.count
    let elapsed = start.duration(to: clock.now)
    precondition(finalCount == events, "B2 counted \(finalCount), expected \(events)")
    Bench.blackHole(finalCount)
    store.cancel()
    return elapsed.nanoseconds / Double(events)
  }

  /// B2 on the baseline: ``events`` increments sent to an ``ActorStore`` from one task.
  ///
  /// - Returns: Nanoseconds per send.
  static func runOnActor() async -> Double {
    let (store, _) = ActorStore.make(initial: Counter.State())
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<events {
      await store.send(.increment)
    }
    let finalCount = await store.state.count
    let elapsed = start.duration(to: clock.now)
    precondition(finalCount == events, "B2 on the actor counted \(finalCount)")
    Bench.blackHole(finalCount)
    return elapsed.nanoseconds / Double(events)
  }
}
