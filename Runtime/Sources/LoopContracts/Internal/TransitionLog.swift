import Loop
import LoopSynchronization

/// Records a live store's transitions, to find the one a sent event caused.
final class TransitionLog<State: Sendable, Event: Sendable>: Sendable {
  private struct Locked {
    var transitions: [Transition<State, Event>] = []
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let locked = Mutex(Locked())

  func record(_ observation: StoreObservation<State, Event>) {
    guard case .reduced(let transition) = observation else { return }
    let waiter = locked.withLock { locked -> CheckedContinuation<Void, Never>? in
      locked.transitions.append(transition)
      guard transition.origin == .user else { return nil }
      defer { locked.waiter = nil }
      return locked.waiter
    }
    waiter?.resume()
  }

  /// Returns once the event the caller sent has been reduced.
  ///
  /// A send that arrives while an effect is reducing is queued and reduced by that effect's
  /// drain, so it may land after `send` returns; it always lands unless the store is
  /// cancelled, which the caller does only after this returns.
  func waitForUserTransition() async {
    await withCheckedContinuation { continuation in
      let done = locked.withLock { locked in
        if locked.transitions.contains(where: { $0.origin == .user }) { return true }
        locked.waiter = continuation
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// The state before and after the first event the caller sent; effects started by the
  /// initial state may have reduced events before it.
  func userTransition(from initial: State) -> (before: State, after: State)? {
    locked.withLock { locked in
      let transitions = locked.transitions
      guard let index = transitions.firstIndex(where: { $0.origin == .user }) else { return nil }
      let before = index == 0 ? initial : transitions[index - 1].state
      return (before, transitions[index].state)
    }
  }
}
