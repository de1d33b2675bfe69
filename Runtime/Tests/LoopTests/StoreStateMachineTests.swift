import Testing

@testable import Loop

/// The store's bookkeeping, driven directly and synchronously: no tasks, handles are integers.
struct StoreStateMachineTests {
  typealias Machine = StoreStateMachine<Lab, LabEvent, Int>

  private static let search = Feedback<Lab, LabEvent>.onChange(of: \.query, name: "search") {
    query in .loaded(query)
  }

  /// Sends like the store does: the event that starts a drain is processed at once.
  private func send(
    _ machine: inout Machine, _ event: LabEvent, origin: EventOrigin = .user
  ) -> Machine.Step? {
    switch machine.enqueue(event, origin: origin) {
    case .drain: machine.process(event, origin: origin)
    case .queued, .discard: nil
    }
  }

  /// Attaches a handle; `#expect` cannot call a mutating method itself.
  private func attach(_ handle: Int, to record: EffectRun, in machine: inout Machine) -> Bool {
    machine.attach(handle, to: record)
  }

  /// Takes the next step; `#expect` cannot call a mutating method itself.
  private func next(_ machine: inout Machine) -> Machine.Step {
    machine.next()
  }

  private func isIdle(_ step: Machine.Step) -> Bool {
    if case .idle = step { return true }
    return false
  }

  private func isIdle(_ phase: Machine.Phase) -> Bool {
    if case .idle = phase { return true }
    return false
  }

  private func launched(_ step: Machine.Step?) -> [EffectRun] {
    guard case .reduced(_, let decisions) = step else { return [] }
    return decisions.compactMap {
      if case .launch(let record, _) = $0 { return record }
      return nil
    }
  }

  private func cancelled(_ step: Machine.Step?) -> [Int] {
    guard case .reduced(_, let decisions) = step else { return [] }
    return decisions.compactMap {
      if case .cancel(_, let handle) = $0 { return handle }
      return nil
    }
  }

  @Test func aSendDuringADrainIsQueuedForTheDrainer() {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [])
    #expect(machine.enqueue(.increment, origin: .user) == .drain)
    #expect(machine.queuedEventCount == 0)
    #expect(machine.enqueue(.increment, origin: .user) == .queued)
    #expect(machine.queuedEventCount == 1)
    guard case .reduced = machine.process(.increment, origin: .user),
      case .reduced = machine.next(),
      case .idle = machine.next()
    else {
      Issue.record("expected two reduces and the end of the drain")
      return
    }
    #expect(machine.state.count == 2)
    #expect(isIdle(machine.phase))
    #expect(machine.enqueue(.increment, origin: .user) == .drain)
  }

  @Test func anEffectEventQueuedBehindItsCancellationIsDropped() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    #expect(machine.start().isEmpty)
    #expect(isIdle(next(&machine)))
    let records = launched(send(&machine, .query("a")))
    let record = try #require(records.first, "no effect was launched")
    #expect(records.map(\.generation) == [0])
    #expect(attach(10, to: record, in: &machine))
    #expect(isIdle(next(&machine)))

    #expect(machine.enqueue(.query("b"), origin: .user) == .drain)
    #expect(machine.enqueue(.loaded("a"), origin: .effect(record)) == .queued)
    let second = machine.process(.query("b"), origin: .user)
    #expect(cancelled(second) == [10])
    #expect(launched(second).map(\.generation) == [1])
    guard case .dropped(let stale) = machine.next() else {
      Issue.record("the old effect's event was not dropped")
      return
    }
    #expect(stale.event == .loaded("a"))
    #expect(machine.state.loaded.isEmpty)
  }

  @Test func aReplacedEffectsEventIsDroppedAndReducedOnlyWhenItsOwnerAsks() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    _ = machine.start()
    _ = machine.next()
    let record = try #require(launched(send(&machine, .query("a"))).first)
    #expect(attach(10, to: record, in: &machine))
    #expect(isIdle(next(&machine)))
    let replacement = try #require(launched(send(&machine, .query("b"))).first)
    #expect(attach(11, to: replacement, in: &machine))
    #expect(isIdle(next(&machine)))

    guard case .dropped(let stale) = send(&machine, .loaded("a"), origin: .effect(record)) else {
      Issue.record("the replaced effect's event was not dropped")
      return
    }
    #expect(machine.state.loaded.isEmpty)
    // What a store with the planted stale-events fault does with it (StoreCore).
    guard case .reduced = machine.reduce(stale) else {
      Issue.record("reduce(_:) did not reduce the stale event")
      return
    }
    #expect(machine.state.loaded == ["a"])
  }

  @Test func aFinishedEffectsEventsAreStillReduced() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    let records = launched(send(&machine, .query("a")))
    let record = try #require(records.first, "no effect was launched")
    #expect(attach(10, to: record, in: &machine))
    _ = machine.next()
    #expect(machine.runningEffectCount == 1)

    machine.effectEnded(record)
    guard case .reduced = send(&machine, .loaded("a"), origin: .effect(record)) else {
      Issue.record("a finished effect's event was not reduced")
      return
    }
    #expect(machine.state.loaded == ["a"])
    #expect(machine.runningEffectCount == 0)
  }

  @Test func cancelHandsBackRunningEffectsAndQueuedEventsThenRefusesEvents() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    let records = launched(send(&machine, .query("a")))
    let record = try #require(records.first, "no effect was launched")
    #expect(attach(7, to: record, in: &machine))
    #expect(machine.enqueue(.increment, origin: .user) == .queued)

    let cancellation = machine.cancel()

    #expect(cancellation.handles == [7])
    #expect(cancellation.records == records)
    #expect(cancellation.dropped.map(\.event) == [.increment])
    #expect(machine.enqueue(.increment, origin: .user) == .discard)
    guard case .idle = machine.next() else {
      Issue.record("a cancelled store kept draining")
      return
    }
    #expect(machine.cancel().handles.isEmpty)
    machine.effectEnded(record)
    #expect(machine.runningEffectCount == 0)
  }

  @Test func generationsCountPerFeedback() throws {
    let other = Feedback<Lab, LabEvent>.whenBecomesTrue(\.flag, name: "flag") { nil }
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search, other])
    let first = launched(send(&machine, .query("a")))
    let firstRecord = try #require(first.first, "no effect was launched")
    #expect(machine.enqueue(.flag(true), origin: .user) == .queued)
    #expect(attach(1, to: firstRecord, in: &machine))
    let second = launched(machine.next())
    #expect(first.map(\.feedback) == ["search"])
    #expect(second.map(\.feedback) == ["flag"])
    #expect((first + second).map(\.generation) == [0, 0])
  }

  @Test func anEffectCancelledBeforeItsTaskIsAttachedIsHandedBackForCancelling() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    let records = launched(send(&machine, .query("a")))
    let record = try #require(records.first, "no effect was launched")

    let cancellation = machine.cancel()

    #expect(cancellation.records == records)
    #expect(cancellation.handles.isEmpty)
    #expect(!attach(3, to: record, in: &machine))
  }

  @Test func anEffectReplacedBeforeItsTaskIsAttachedIsRefusedSoItsOwnerCancelsIt() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    #expect(machine.start().isEmpty)
    #expect(isIdle(next(&machine)))
    let first = try #require(launched(send(&machine, .query("a"))).first, "nothing launched")
    #expect(isIdle(next(&machine)))

    // A second query replaces the first lookup before its task's handle arrives.
    #expect(machine.enqueue(.query("b"), origin: .user) == .drain)
    let second = machine.process(.query("b"), origin: .user)
    let replacement = try #require(launched(second).first, "the second query launched nothing")

    #expect(!attach(10, to: first, in: &machine))
    #expect(attach(11, to: replacement, in: &machine))
  }

  @Test func anEffectThatEndedBeforeItsTaskWasAttachedAttachesQuietly() throws {
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [Self.search])
    let records = launched(send(&machine, .query("a")))
    let record = try #require(records.first, "no effect was launched")

    machine.effectEnded(record)

    #expect(attach(3, to: record, in: &machine))
    #expect(machine.runningEffectCount == 0)
  }

  @Test func startKeepsTheStoreDrainingUntilTheCallerHasAttached() throws {
    var machine = Machine(initial: Lab(query: "a"), reducer: labReducer, feedbacks: [Self.search])
    let records: [EffectRun] = machine.start().compactMap {
      if case .launch(let record, _) = $0 { return record }
      return nil
    }
    let record = try #require(records.first, "no effect was launched")
    // The effect answers before its task is attached: queued, not reduced by the effect.
    #expect(machine.enqueue(.query(nil), origin: .effect(record)) == .queued)
    #expect(attach(4, to: record, in: &machine))
    guard case .reduced(_, let decisions) = machine.next() else {
      Issue.record("the queued event was not reduced")
      return
    }
    #expect(decisions.count == 1)
    #expect(isIdle(next(&machine)))
    #expect(isIdle(machine.phase))
  }
}
