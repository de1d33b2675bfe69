import TestSupport

@testable import Loop

/// Records everything a store reports through its package instrumentation, and lets a test
/// await what it is waiting for (an effect ending, an event dropped) without polling.
final class Probe<State: Sendable, Event: Sendable>: Sendable {
  let observations = AwaitableList<StoreObservation<State, Event>>(describe: \.summary)

  func store(
    _ initial: State,
    _ reducer: Reducer<State, Event>,
    _ feedbacks: [Feedback<State, Event>] = [],
    faults: RuntimeFaults = RuntimeFaults()
  ) -> Store<State, Event> {
    Store(
      initial: initial, reducer: reducer, feedbacks: feedbacks,
      instrumentation: StoreInstrumentation(
        observe: { [observations] in observations.append($0) }, faults: faults)
    )
  }

  /// Returns once `count` effects have ended, whatever their outcome.
  ///
  /// - Throws: `WaitTimedOut`, listing what the store reported, when they have not.
  func waitForEndedEffects(_ count: Int, fileID: String = #fileID, line: Int = #line)
    async throws
  {
    try await observations.wait("\(count) effect(s) to end", fileID: fileID, line: line) {
      $0.compactMap(\.ended).count >= count
    }
  }

  /// Returns once `count` events have been dropped as stale.
  ///
  /// - Throws: `WaitTimedOut`, listing what the store reported, when they have not.
  func waitForStaleDrops(_ count: Int, fileID: String = #fileID, line: Int = #line)
    async throws
  {
    try await observations.wait(
      "\(count) stale event(s) to be dropped", fileID: fileID, line: line
    ) { $0.filter(\.isStaleDrop).count >= count }
  }

  var started: [EffectRun] { observations.elements.compactMap(\.started) }
  var ended: [EffectRun: EffectOutcome] {
    Dictionary(uniqueKeysWithValues: observations.elements.compactMap(\.ended))
  }
  var cancelled: [EffectRun] { observations.elements.compactMap(\.cancelled) }
  var staleDrops: [Event] { observations.elements.filter(\.isStaleDrop).compactMap(\.event) }
  /// The reports about events (`.enqueued`, `.reduced`, `.dropped`), one line each, in order.
  var eventReports: [String] { observations.elements.filter { $0.event != nil }.map(\.summary) }
}

extension StoreObservation {
  /// One line for a failed wait's listing.
  var summary: String {
    switch self {
    case .enqueued(let event, let origin): "enqueued \(event), \(origin)"
    case .dropped(let event, let origin, let reason): "dropped \(event), \(origin): \(reason)"
    case .reduced(let transition): "reduced \(transition.event), \(transition.origin)"
    case .effectStarted(let record): "started \(record)"
    case .effectCancelled(let record): "cancelled \(record)"
    case .effectEnded(let record, let outcome): "ended \(record): \(outcome)"
    }
  }

  var ended: (EffectRun, EffectOutcome)? {
    if case .effectEnded(let record, let outcome) = self { return (record, outcome) }
    return nil
  }
  var started: EffectRun? {
    if case .effectStarted(let record) = self { return record }
    return nil
  }
  var cancelled: EffectRun? {
    if case .effectCancelled(let record) = self { return record }
    return nil
  }
  var isStaleDrop: Bool {
    if case .dropped(_, _, .staleGeneration) = self { return true }
    return false
  }
  var event: Event? {
    switch self {
    case .enqueued(let event, _), .dropped(let event, _, _): event
    case .reduced(let transition): transition.event
    case .effectStarted, .effectCancelled, .effectEnded: nil
    }
  }
}
