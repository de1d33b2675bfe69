import Loop
import LoopTesting
import TestSupport

/// Stands in for a TestStore's monitor: runs a real ``Store`` whose effects are bound to an
/// ``EffectScope``, and records, in one ordered timeline, what the store reports and what the
/// instruments report about waits.
///
/// Tests await conditions on the timeline without polling, each wait bounded: a `AwaitableList`
/// resumes a waiter on the append that makes its condition hold, or fails it at its bound.
final class WorkTimeline<State: Sendable, Event: Sendable>: InstrumentWaitObserver {
  enum Entry: Sendable {
    case waitBegan(id: Int, effect: EffectRun, kind: InstrumentWaitKind, description: String)
    case waitEnded(id: Int, effect: EffectRun)
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
    var endedEffect: (EffectRun, EffectOutcome)? {
      if case .observed(.effectEnded(let record, let outcome)) = self { return (record, outcome) }
      return nil
    }
  }

  private let timeline = AwaitableList<Entry>()

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
    timeline.elements
  }

  func waitBegan(_ id: Int, effect: EffectRun, kind: InstrumentWaitKind, description: String) {
    append(.waitBegan(id: id, effect: effect, kind: kind, description: description))
  }

  func waitEnded(_ id: Int, effect: EffectRun) {
    append(.waitEnded(id: id, effect: effect))
  }

  /// Returns once `count` waits have begun on instruments.
  func waitForWaits(_ count: Int, fileID: String = #fileID, line: Int = #line) async throws {
    try await timeline.wait("\(count) instrument wait(s) to begin", fileID: fileID, line: line) {
      $0.compactMap(\.began).count >= count
    }
  }

  /// Returns once `count` effects have ended, whatever their outcome.
  func waitForEndedEffects(_ count: Int, fileID: String = #fileID, line: Int = #line)
    async throws
  {
    try await timeline.wait("\(count) effect(s) to end", fileID: fileID, line: line) {
      $0.compactMap(\.endedEffect).count >= count
    }
  }

  /// Returns once an event matching `predicate` has been reduced.
  func waitForReduced(
    fileID: String = #fileID, line: Int = #line,
    where predicate: @escaping @Sendable (Event) -> Bool
  ) async throws {
    try await timeline.wait("a matching event to be reduced", fileID: fileID, line: line) {
      $0.contains { $0.reduced.map(predicate) ?? false }
    }
  }

  private func append(_ entry: Entry) {
    timeline.append(entry)
  }
}
