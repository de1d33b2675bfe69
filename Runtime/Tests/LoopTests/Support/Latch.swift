import LoopSynchronization

/// A one-shot gate: effects wait on it, the test opens it.
///
/// `wait()` ignores cancellation on purpose: it stands for work that finishes late, after its
/// effect was cancelled, which is exactly what the stale-result tests need.
final class Latch: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

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

/// Suspends until the current task is cancelled; the stand-in for work that never ends.
func waitForCancellation() async {
  let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
  await withTaskCancellationHandler {
    for await _ in stream {}
  } onCancel: {
    continuation.finish()
  }
}
