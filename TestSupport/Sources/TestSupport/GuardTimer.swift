/// The one wall-clock wait in the tests: a guard that fires once a bound has passed, counting
/// only the time it was able to run.
///
/// It never synchronises a test with the code under test (that is what recorders, test
/// clocks and controlled work are for); it only ends a wait that would otherwise never end.
/// It sleeps in short ticks and counts each tick as at most twice its length, so when every
/// core is busy with other tests and the guard wakes late, the lost time is not counted
/// against the wait: a starved machine stretches the bound instead of failing a healthy test.
final class GuardTimer: Sendable {
  /// The length of one tick.
  static let tick: Duration = .milliseconds(50)

  private let task: Task<Void, Never>

  /// Starts the guard; `fire` runs once `bound` has been counted, unless cancelled first.
  init(bound: Duration, fire: @escaping @Sendable () -> Void) {
    task = Task {
      let clock = ContinuousClock()
      var counted: Duration = .zero
      while counted < bound {
        let start = clock.now
        do {
          try await clock.sleep(for: Self.tick)
        } catch {
          return
        }
        counted += min(start.duration(to: clock.now), Self.tick * 2)
      }
      fire()
    }
  }

  /// Stops the guard; `fire` will not run.
  func cancel() {
    task.cancel()
  }
}
