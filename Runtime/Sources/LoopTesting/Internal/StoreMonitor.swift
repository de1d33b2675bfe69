import Loop
import Synchronization

/// The one monitor of one TestStore: receives every count under one lock and wakes the test
/// when something changes.
///
/// The store reports its observations (under the store's own lock, in order); instruments
/// report the waits of the store's effects, which reach the monitor through the task-local
/// ``EffectScope``. A waiting test registers for the next change and is resumed when it
/// happens: nothing polls. A wall-clock deadline only guards against a store that never
/// changes again while busy.
final class StoreMonitor<State: Sendable, Event: Sendable>: InstrumentWaitObserver, Sendable {
  typealias Book = MonitorStateMachine<State, Event>

  private struct Waiter {
    let continuation: CheckedContinuation<Bool, Never>
    var guardTask: Task<Void, Never>?
  }

  private struct Locked {
    var book: Book
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
  }

  private let locked: Mutex<Locked>

  init(initial: State) {
    locked = Mutex(Locked(book: Book(initial: initial)))
  }

  /// The instrumentation to give the store: observations in, effects bound to this monitor.
  var instrumentation: StoreInstrumentation<State, Event> {
    StoreInstrumentation(
      observe: { [self] observation in update { $0.observe(observation) } },
      runEffect: { [self] record, body in
        await EffectScope.$current.withValue(EffectScope(effect: record, observer: self)) {
          await body()
        }
      },
      faults: PlantedFaults.current.runtime)
  }

  func waitBegan(_ id: Int, effect: EffectRecord, kind: InstrumentWaitKind, description: String) {
    update { $0.waitBegan(id, effect: effect, kind: kind, description: description) }
  }

  func waitEnded(_ id: Int, effect: EffectRecord) {
    update { $0.waitEnded(id, effect: effect) }
  }

  /// Reads the book under the lock.
  func read<Result>(_ body: (borrowing Book) -> Result) -> Result {
    locked.withLock { body($0.book) }
  }

  /// Suspends until the book's version differs from `version`, or until `timeout` passes
  /// with no change.
  ///
  /// - Returns: `true` on a change, `false` on the timeout.
  func waitForChange(after version: Int, timeout: Duration) async -> Bool {
    await withCheckedContinuation { continuation in
      let changed = locked.withLock { locked -> Bool in
        guard locked.book.version == version else { return true }
        let id = locked.nextWaiter
        locked.nextWaiter += 1
        // The guard is the one wall-clock wait in the library: it only ends a wait on a store
        // that stopped changing while still busy (an effect blocked on something real).
        let guardTask = Task { [self] in
          do {
            try await Task.sleep(for: timeout)
          } catch {
            return
          }
          expire(id)
        }
        locked.waiters[id] = Waiter(continuation: continuation, guardTask: guardTask)
        return false
      }
      if changed { continuation.resume(returning: true) }
    }
  }

  private func expire(_ id: Int) {
    let waiter = locked.withLock { $0.waiters.removeValue(forKey: id) }
    waiter?.continuation.resume(returning: false)
  }

  private func update(_ body: (inout Book) -> Void) {
    let waiters = locked.withLock { locked -> [Waiter] in
      body(&locked.book)
      guard !locked.waiters.isEmpty else { return [] }
      defer { locked.waiters = [:] }
      return Array(locked.waiters.values)
    }
    for waiter in waiters {
      waiter.guardTask?.cancel()
      waiter.continuation.resume(returning: true)
    }
  }
}
