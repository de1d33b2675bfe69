import Foundation
import Synchronization
import Testing

@testable import TestSupport

/// The watchdog's last resort runs when no task can: with every thread of the cooperative
/// pool blocked, the pool's heartbeat stops, and the guard fires.
@Suite(.watchdog)
struct ThreadGuardTests {
  @Test func itFiresWhileEveryThreadOfTheCooperativePoolIsBlocked() async throws {
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let released = DispatchSemaphore(value: 0)
    let fired = Atomic(false)
    let guardThread = ThreadGuard(bound: .milliseconds(100), silence: .milliseconds(200)) {
      fired.store(true, ordering: .sequentiallyConsistent)
      for _ in 0..<threads { released.signal() }
    }
    defer { guardThread.cancel() }

    // Each task blocks its thread until the guard fires: a guard that needed the pool would
    // never run, and this test would hang until the suite's watchdog thread ended the run.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads { group.addTask { block(on: released) } }
    }
    let didFire = fired.load(ordering: .sequentiallyConsistent)
    #expect(didFire)
  }
}

/// Blocks the calling thread until `semaphore` is signalled (a thread of the pool, here).
private func block(on semaphore: DispatchSemaphore) {
  semaphore.wait()
}
