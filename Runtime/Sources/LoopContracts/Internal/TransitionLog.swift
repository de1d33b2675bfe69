import Loop
import Synchronization

/// Records a live store's transitions, to find the one a sent event caused.
final class TransitionLog<State: Sendable, Event: Sendable>: Sendable {
  private let transitions = Mutex<[Transition<State, Event>]>([])

  func record(_ observation: StoreObservation<State, Event>) {
    guard case .reduced(let transition) = observation else { return }
    transitions.withLock { $0.append(transition) }
  }

  /// The state before and after the first event the caller sent; effects started by the
  /// initial state may have reduced events before it.
  func userTransition(from initial: State) -> (before: State, after: State)? {
    transitions.withLock { transitions in
      guard let index = transitions.firstIndex(where: { $0.origin == .user }) else { return nil }
      let before = index == 0 ? initial : transitions[index - 1].state
      return (before, transitions[index].state)
    }
  }
}
