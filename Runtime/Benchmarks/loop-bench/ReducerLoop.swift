/// B1: the cost of calling a ``Reducer`` value directly, the floor for everything else.
enum ReducerLoop {
  /// Events reduced per run.
  static let events = 1_000_000

  /// Applies the counter reducer ``events`` times to a local state.
  ///
  /// The reducer goes through ``Bench/opaque(_:)``, so each event is an indirect call
  /// through the closure the `Reducer` holds, and the final count goes to
  /// ``Bench/blackHole(_:)`` after being checked, so the loop cannot be deleted.
  ///
  /// - Returns: Nanoseconds per event.
  static func run() -> Double {
    let reducer = Bench.opaque(Counter.reducer)
    var state = Counter.State()
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<events {
      reducer(&state, .increment)
    }
    let elapsed = start.duration(to: clock.now)
    precondition(state.count == events, "B1 counted \(state.count), expected \(events)")
    Bench.blackHole(state.count)
    return elapsed.nanoseconds / Double(events)
  }
}
