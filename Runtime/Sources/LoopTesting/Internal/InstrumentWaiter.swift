/// A task suspended on an instrument (a ``ControlledWork`` result, a ``ControlledStream``
/// element): its continuation and the wait the TestStore counts.
struct InstrumentWaiter<Value: Sendable>: Sendable {
  /// The suspended call.
  let continuation: CheckedContinuation<Value, any Error>
  /// The wait, counted by the TestStore until it ends.
  let wait: InstrumentWait

  /// Ends the wait, then resumes: the store never sees quiet while the effect is about to run.
  func resume(with result: Result<Value, any Error>) {
    wait.end()
    continuation.resume(with: result)
  }
}
