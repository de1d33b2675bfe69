import Foundation
import LoopSynchronization

/// The ``Watchdog``'s guard of last resort: one thread, outside Swift's cooperative pool, that
/// runs even when every thread of the pool is blocked (a deadlock), when no task, and so no
/// ``GuardTimer``, can run.
///
/// Each watchdog scope enters with its bound. The thread counts time as ``GuardTimer`` does
/// (each tick as at most twice its length, so a starved machine stretches a bound), and fires
/// once the pool has run no task for `silence` (``PoolHeartbeat``) while some scope is past
/// its bound, naming those scopes. A pool that is only busy, with tests queued behind tests,
/// still beats, and is left to the watchdog's own tasks.
final class DeadlockGuard: Sendable {
  /// The guard the ``Watchdog`` uses: silent for ``WaitBound/poolSilence``, it prints the tests
  /// past their bounds on standard error and ends the process with status 1.
  static let shared = DeadlockGuard(silence: WaitBound.poolSilence) { scopes in
    let message =
      "watchdog: Swift's cooperative pool has run no task for \(WaitBound.poolSilence) while"
      + " \(scopes.joined(separator: ", ")) ran past its bound: every thread of the pool is"
      + " blocked (a deadlock), so not even the watchdog can cancel a test. Stopping the run;"
      + " results above stand.\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(1)
  }

  private struct Scope {
    let name: String
    let bound: Duration
    var counted: Duration = .zero
  }

  private let scopes = Mutex<(next: Int, open: [Int: Scope])>((0, [:]))
  private let stopped = Atomic<Bool>(false)

  /// Starts the guard's thread; `fire` runs on it, once, with the names of the scopes past
  /// their bounds, when the pool has been silent for `silence`.
  init(silence: Duration, fire: @escaping @Sendable ([String]) -> Void) {
    Thread { [self] in
      let clock = ContinuousClock()
      let tick = GuardTimer.tick
      var lastBeat = PoolHeartbeat.beats
      var silent: Duration = .zero
      while !stopped.load(ordering: .relaxed) {
        let start = clock.now
        Thread.sleep(forTimeInterval: tick / .seconds(1))
        let elapsed = min(start.duration(to: clock.now), tick * 2)
        let beat = PoolHeartbeat.beats
        silent = beat == lastBeat ? silent + elapsed : .zero
        lastBeat = beat
        let overdue = scopes.withLock { scopes -> [String] in
          for key in scopes.open.keys { scopes.open[key]?.counted += elapsed }
          return scopes.open.values.filter { $0.counted >= $0.bound }.map(\.name).sorted()
        }
        if silent >= silence, !overdue.isEmpty {
          fire(overdue)
          return
        }
      }
    }.start()
  }

  /// Opens a scope named `name` that is overdue once `bound` has been counted.
  ///
  /// - Returns: The scope, for ``leave(_:)``.
  func enter(_ name: String, bound: Duration) -> Int {
    scopes.withLock { scopes in
      defer { scopes.next += 1 }
      scopes.open[scopes.next] = Scope(name: name, bound: bound)
      return scopes.next
    }
  }

  /// Closes `scope`: it is never reported.
  func leave(_ scope: Int) {
    _ = scopes.withLock { $0.open.removeValue(forKey: scope) }
  }

  /// Ends the guard's thread at its next tick.
  func stop() {
    stopped.store(true, ordering: .relaxed)
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
