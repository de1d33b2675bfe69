import Loop

/// B3: how fast a feedback can answer a state with an event, one effect task per round trip.
enum FeedbackRoundTrips {
  /// Round trips per run: the count the feedback stops at.
  static let roundTrips = 100_000

  /// Starts a self-incrementing counter and waits for it to reach ``roundTrips``.
  ///
  /// One round trip is: reduce an increment, evaluate the feedback, start an effect task, the
  /// task sends `.increment` back. The end is observed by the loop itself: a second feedback
  /// fires when the count reaches the limit and finishes a stream the benchmark awaits, so
  /// the timing has no renderer in it and no polling. The function is `nonisolated` and
  /// async, so it runs on the global executor, like effect tasks.
  ///
  /// - Returns: Nanoseconds per round trip.
  static func run() async -> Double {
    let (done, finish) = AsyncStream.makeStream(of: Never.self)
    let store = Store(
      initial: Counter.State(),
      reducer: Counter.reducer,
      feedbacks: [
        Counter.selfIncrementing(until: roundTrips),
        .whenBecomesTrue({ $0.count >= roundTrips }, name: "done") {
          finish.finish()
          return nil
        },
      ]
    )
    let clock = ContinuousClock()
    let start = clock.now
    store.send(.start)
    for await _ in done {}
    let elapsed = start.duration(to: clock.now)
    let reached = store.state.count
    store.cancel()
    precondition(reached == roundTrips, "B3 reached \(reached), expected \(roundTrips)")
    Bench.blackHole(reached)
    return elapsed.nanoseconds / Double(roundTrips)
  }

  /// B3 on the baseline: the same counter on an ``ActorStore``, its feedback task answering
  /// every state below the limit with one more increment.
  ///
  /// - Returns: Nanoseconds per round trip.
  static func runOnActor() async -> Double {
    let (done, finish) = AsyncStream.makeStream(of: Never.self)
    let (store, feedback) = ActorStore.make(initial: Counter.State()) { state in
      guard state.isRunning else { return nil }
      guard state.count < roundTrips else {
        finish.finish()
        return nil
      }
      return .increment
    }
    let clock = ContinuousClock()
    let start = clock.now
    await store.send(.start)
    for await _ in done {}
    let elapsed = start.duration(to: clock.now)
    let reached = await store.state.count
    await store.finish()
    await feedback?.value
    precondition(reached == roundTrips, "B3 on the actor reached \(reached)")
    Bench.blackHole(reached)
    return elapsed.nanoseconds / Double(roundTrips)
  }
}
