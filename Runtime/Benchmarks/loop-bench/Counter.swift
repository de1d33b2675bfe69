import Loop

/// The feature every benchmark runs: a counter that can also count itself up.
///
/// B1 and B2 only send ``Event/increment``. B3 adds ``selfIncrementing(until:)``, a feedback
/// that answers every state below a limit with one more increment, once ``Event/start`` has
/// switched it on.
enum Counter {
  /// The counter's state.
  struct State: Hashable, Sendable {
    /// How many increments have been reduced.
    var count = 0
    /// Whether ``selfIncrementing(until:)`` is switched on.
    var isRunning = false
  }

  /// What can happen to the counter.
  enum Event: Hashable, Sendable {
    /// Adds one to the count.
    case increment
    /// Switches the self-incrementing feedback on.
    case start
  }

  /// The transition function.
  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .increment:
      state.count += 1
    case .start:
      state.isRunning = true
    }
  }

  /// A feedback that, once started, sends ``Event/increment`` for every count below `limit`.
  ///
  /// Each count is a new query, so every increment starts a new effect: one round trip is
  /// reduce, query, effect task, event, reduce.
  ///
  /// - Parameter limit: The count at which the feedback stops.
  /// - Returns: The feedback.
  static func selfIncrementing(until limit: Int) -> Feedback<State, Event> {
    .onChange(
      of: { $0.isRunning && $0.count < limit ? $0.count : nil },
      name: "selfIncrementing",
      effect: { _ in .increment }
    )
  }
}
