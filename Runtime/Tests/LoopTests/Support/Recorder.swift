import Synchronization

/// A thread-safe list that tests can await a condition on, without polling.
final class Recorder<Element: Sendable>: Sendable {
  private struct Waiter {
    let condition: @Sendable ([Element]) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private let state = Mutex<(elements: [Element], waiters: [Waiter])>(([], []))

  var elements: [Element] {
    state.withLock { $0.elements }
  }

  func append(_ element: Element) {
    let ready = state.withLock { state -> [Waiter] in
      state.elements.append(element)
      let elements = state.elements
      let ready = state.waiters.filter { $0.condition(elements) }
      state.waiters.removeAll { $0.condition(elements) }
      return ready
    }
    for waiter in ready {
      waiter.continuation.resume()
    }
  }

  /// Returns once `condition` holds for the elements recorded so far.
  func wait(until condition: @escaping @Sendable ([Element]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let holds = state.withLock { state in
        if condition(state.elements) { return true }
        state.waiters.append(Waiter(condition: condition, continuation: continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }
}
