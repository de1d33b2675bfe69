import Foundation
import LoopSynchronization
import TrailsPersistence

/// A monotonic clock that moves on a millisecond at each pause, counting them, for a busy
/// wait to read instead of the system's.
final class SteppedClock: Sendable {
  private let state: Mutex<(now: timespec, pauses: Int)>

  /// A clock reading `start` until its first pause.
  init(from start: timespec) {
    state = Mutex((start, 0))
  }

  /// How many pauses were made.
  var pauses: Int { state.withLock { $0.pauses } }

  /// The clock as a busy wait reads it.
  var busyClock: BusyClock {
    BusyClock(
      now: { self.state.withLock { $0.now } },
      pause: {
        self.state.withLock { state in
          state.pauses += 1
          state.now.tv_nsec += 1_000_000
          if state.now.tv_nsec >= 1_000_000_000 {
            state.now.tv_sec += 1
            state.now.tv_nsec -= 1_000_000_000
          }
        }
      })
  }
}
