import Loop

/// The machine as the runner runs it: its own reducer and feedbacks, or a mutant's.
struct Subject<M: Machine>: Sendable {
  /// The transition function.
  var reducer: Reducer<M.State, M.Event> = M.reducer
  /// Whether ``reducer`` is a mutant's, not the machine's.
  var changesReducer = false
  /// The name of the feedback to leave out, if any.
  var removedFeedback: String?

  /// The feedbacks of `machine`, less the one removed.
  func feedbacks(of machine: M) -> [Feedback<M.State, M.Event>] {
    guard let removedFeedback else { return machine.feedbacks }
    return machine.feedbacks.filter { $0.name != removedFeedback }
  }

  /// `reduce(&state, event)` with this subject's reducer.
  func reduce(_ state: inout M.State, _ event: M.Event) {
    reducer(&state, event)
  }
}
