import Foundation
import LoopSynchronization
import Testing

@testable import TestSupport

/// The watchdog's last resort runs when no task can: with every thread of the cooperative
/// pool blocked, the pool's heartbeat stops, and the guard names the scope past its bound.
@Suite(.watchdog)
struct DeadlockGuardTests {
  @Test func itNamesTheScopePastItsBoundWhileEveryThreadOfThePoolIsBlocked() async throws {
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let released = DispatchSemaphore(value: 0)
    let named = Mutex<[String]?>(nil)
    let deadlocks = DeadlockGuard(silence: .milliseconds(200)) { scopes in
      named.withLock { $0 = scopes }
      for _ in 0..<threads { released.signal() }
    }
    defer { deadlocks.stop() }
    let ended = deadlocks.enter("a test that ended", bound: .milliseconds(100))
    deadlocks.leave(ended)
    _ = deadlocks.enter("the blocked test", bound: .milliseconds(100))

    // Each task blocks its thread until the guard fires: a guard that needed the pool would
    // never run, and this test would hang until the suite's own deadlock guard ended the run.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads { group.addTask { block(on: released) } }
    }
    #expect(named.withLock { $0 } == ["the blocked test"])
  }
}

/// Blocks the calling thread until `semaphore` is signalled (a thread of the pool, here).
private func block(on semaphore: DispatchSemaphore) {
  semaphore.wait()
}
