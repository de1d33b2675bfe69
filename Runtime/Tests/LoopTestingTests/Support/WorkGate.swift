import LoopSynchronization

/// A one-shot gate that tasks wait on and the test opens, ignoring cancellation.
///
/// It lets a test cancel a task at a chosen point of its body: the task waits on the gate, the
/// test cancels it, then opens the gate, and the task goes on already cancelled.
final class WorkGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// Lets every waiter, present and future, through.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters {
      waiter.resume()
    }
  }

  /// Returns once the gate is open, even if the task is cancelled meanwhile.
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }
}
