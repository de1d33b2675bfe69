import Synchronization

/// Holds the restore back until the command's requests are in.
///
/// At launch the restore is the only effect running, so while it waits here nothing else
/// reduces and a request sent to the store is reduced at once, before `send` returns: an edit
/// is queued behind the restore, and a link's problem is in the state straight away. Then
/// ``open()`` lets the restore read the saved plan and apply the queued edits.
final class LaunchGate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Returns once the gate is open.
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Opens the gate for good, resuming every waiter.
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
}
