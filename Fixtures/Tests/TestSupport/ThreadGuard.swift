import Foundation
import Synchronization

/// The ``Watchdog``'s guard of last resort, on a thread of its own: it fires even when every
/// thread of Swift's cooperative pool is blocked (a deadlock), when no task, and so no
/// ``GuardTimer``, can run.
///
/// It fires once its bound has been counted (as ``GuardTimer`` counts, each tick as at most
/// twice its length, so a starved machine stretches the bound) and the pool has then run no
/// task for `silence` (``PoolHeartbeat``): a pool that is only busy, with tests queued behind
/// tests, still beats, and is left to the watchdog's own tasks.
final class ThreadGuard: Sendable {
  private let stopped = DispatchSemaphore(value: 0)

  /// Starts the guard's thread; `fire` runs on it once `bound` has been counted and the pool
  /// has been silent for `silence`, unless the guard is cancelled first.
  init(bound: Duration, silence: Duration, fire: @escaping @Sendable () -> Void) {
    let stopped = stopped
    let tick = DispatchTimeInterval.nanoseconds(Int(GuardTimer.tick / .nanoseconds(1)))
    let thread = Thread {
      let clock = ContinuousClock()
      var counted: Duration = .zero
      var lastBeat = PoolHeartbeat.beats
      var silent: Duration = .zero
      while counted < bound || silent < silence {
        let start = clock.now
        if stopped.wait(timeout: .now() + tick) == .success { return }
        let elapsed = min(start.duration(to: clock.now), GuardTimer.tick * 2)
        counted += elapsed
        let beat = PoolHeartbeat.beats
        silent = beat == lastBeat ? silent + elapsed : .zero
        lastBeat = beat
      }
      fire()
    }
    thread.start()
  }

  /// Stops the guard; `fire` will not run.
  func cancel() {
    stopped.signal()
  }
}

/// A task that counts its ticks: while ``beats`` moves, Swift's cooperative pool runs tasks.
enum PoolHeartbeat {
  private static let count = Atomic<Int>(0)
  private static let started: Void = {
    Task.detached {
      while true {
        try? await Task.sleep(for: GuardTimer.tick)
        count.add(1, ordering: .relaxed)
      }
    }
  }()

  /// The ticks so far; the first read starts the heartbeat.
  static var beats: Int {
    _ = started
    return count.load(ordering: .relaxed)
  }
}
