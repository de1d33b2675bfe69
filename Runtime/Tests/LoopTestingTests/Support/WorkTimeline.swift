import Loop
import LoopTesting
import Synchronization

/// Stands in for a TestStore's monitor: runs a real ``Store`` whose effects are bound to an
/// ``EffectScope``, and records, in one ordered timeline, what the store reports and what the
/// instruments report about waits.
///
/// Tests await conditions on the timeline without polling: a waiter is resumed by the append
/// that makes its condition hold.
final class WorkTimeline<State: Sendable, Event: Sendable>: InstrumentWaitObserver {
  enum Entry: Sendable {
    case waitBegan(id: Int, effect: EffectRecord, kind: InstrumentWaitKind, description: String)
    case waitEnded(id: Int, effect: EffectRecord)
    case observed(StoreObservation<State, Event>)

    /// The description of a wait that began, with its id and kind.
    var began: (id: Int, kind: InstrumentWaitKind, description: String)? {
      if case .waitBegan(let id, _, let kind, let description) = self {
        return (id, kind, description)
      }
      return nil
    }

    /// The id of a wait that ended.
    var endedWait: Int? {
      if case .waitEnded(let id, _) = self { return id }
      return nil
    }

    /// The event of a reduce.
    var reduced: Event? {
      if case .observed(.reduced(let transition)) = self { return transition.event }
      return nil
    }

    /// An effect that ended, with how.
    var endedEffect: (EffectRecord, EffectOutcome)? {
      if case .observed(.effectEnded(let record, let outcome)) = self { return (record, outcome) }
      return nil
    }
  }

  private struct Waiter {
    let condition: @Sendable ([Entry]) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private let state = Mutex<(entries: [Entry], waiters: [Waiter])>(([], []))

  /// A store that reports to this timeline and runs every effect inside an ``EffectScope``
  /// observed by it.
  func store(
    _ initial: State,
    _ reducer: Reducer<State, Event>,
    _ feedbacks: [Feedback<State, Event>]
  ) -> Store<State, Event> {
    Store(
      initial: initial, reducer: reducer, feedbacks: feedbacks,
      instrumentation: StoreInstrumentation(
        observe: { [self] observation in append(.observed(observation)) },
        runEffect: { [self] record, body in
          await EffectScope.$current.withValue(EffectScope(effect: record, observer: self)) {
            await body()
          }
        }))
  }

  var entries: [Entry] {
    state.withLock { $0.entries }
  }

  func waitBegan(_ id: Int, effect: EffectRecord, kind: InstrumentWaitKind, description: String) {
    append(.waitBegan(id: id, effect: effect, kind: kind, description: description))
  }

  func waitEnded(_ id: Int, effect: EffectRecord) {
    append(.waitEnded(id: id, effect: effect))
  }

  /// Returns once `condition` holds for the timeline so far.
  func wait(until condition: @escaping @Sendable ([Entry]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let holds = state.withLock { state in
        if condition(state.entries) { return true }
        state.waiters.append(Waiter(condition: condition, continuation: continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }

  /// Returns once `count` waits have begun on instruments.
  func waitForWaits(_ count: Int) async {
    await wait { $0.compactMap(\.began).count >= count }
  }

  /// Returns once `count` effects have ended, whatever their outcome.
  func waitForEndedEffects(_ count: Int) async {
    await wait { $0.compactMap(\.endedEffect).count >= count }
  }

  /// Returns once an event matching `predicate` has been reduced.
  func waitForReduced(where predicate: @escaping @Sendable (Event) -> Bool) async {
    await wait { $0.contains { $0.reduced.map(predicate) ?? false } }
  }

  private func append(_ entry: Entry) {
    let ready = state.withLock { state -> [Waiter] in
      state.entries.append(entry)
      let entries = state.entries
      var ready: [Waiter] = []
      state.waiters.removeAll { waiter in
        guard waiter.condition(entries) else { return false }
        ready.append(waiter)
        return true
      }
      return ready
    }
    for waiter in ready {
      waiter.continuation.resume()
    }
  }
}
