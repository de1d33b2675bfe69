/// Who waits in ``FixtureHTTPServer/stopped()``, and whether the wait is over.
struct StopWaiters {
  /// Whether the server has stopped; later waiters return at once.
  var isStopped = false
  /// The waiters to resume when it stops.
  var continuations: [CheckedContinuation<Void, Never>] = []
}
