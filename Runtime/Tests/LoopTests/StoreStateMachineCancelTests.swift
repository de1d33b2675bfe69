import LoopSynchronization
import Testing

@testable import Loop

/// `StoreStateMachine.cancel()`: drops the queue, forgets every effect, refuses later events.
struct StoreStateMachineCancelTests {
  typealias Machine = StoreStateMachine<Lab, LabEvent, Int>

  /// A key whose lifetime a test can watch.
  final class Token: Hashable, Sendable {
    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }

  /// Starts the effect the feedback is handed, attaches a handle to it, and reduces one more
  /// event, so nothing but the machine's bookkeeping of that effect still holds its key.
  private func runOneEffect(_ machine: inout Machine) -> Bool {
    let decisions = machine.start()
    guard case .launch(let record, _)? = decisions.first else { return false }
    guard machine.attach(1, to: record), case .idle = machine.next() else { return false }
    guard machine.enqueue(.increment, origin: .user) == .drain else { return false }
    _ = machine.process(.increment, origin: .user)
    guard case .idle = machine.next() else { return false }
    return true
  }

  /// Sends one `.increment` and drains, as the store does; returns what the reactions
  /// decided, by case name (the decisions themselves hold the effects' keys).
  private func reduceOne(_ machine: inout Machine) -> [String] {
    guard machine.enqueue(.increment, origin: .user) == .drain else { return ["queued"] }
    var decided: [String] = []
    var step = machine.process(.increment, origin: .user)
    while true {
      switch step {
      case .idle: return decided
      case .dropped: decided.append("dropped")
      case .reduced(_, let decisions):
        decided += decisions.map { decision in
          switch decision {
          case .cancel: "cancel"
          case .cancelUnattached: "cancelUnattached"
          case .launch: "launch"
          }
        }
      }
      step = machine.next()
    }
  }

  /// Cancels, and returns only the handles to stop (the records it also returns hold keys).
  private func cancel(_ machine: inout Machine) -> [Int] {
    machine.cancel().handles
  }

  /// Cancelling forgets every effect it stops: the machine keeps nothing of a running
  /// effect, its key included, once `cancel()` has handed back what to stop.
  @Test func cancelForgetsTheEffectsItStops() {
    let handoff = Mutex<Token?>(nil)
    let feedback = Feedback<Lab, LabEvent>.custom(name: "token", initial: ()) {
      _, _, _, effects in
      if let token = handoff.withLock({ $0.take() }) {
        effects.start(token) { _ in }
      }
    }
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [feedback])
    var strong: Token? = Token()
    weak let token = strong
    handoff.withLock { $0 = strong.take() }
    #expect(runOneEffect(&machine))
    #expect(token != nil)

    #expect(cancel(&machine) == [1])

    #expect(token == nil)
  }

  /// Cancelling forgets an effect a step cancelled before its task was attached, too: the
  /// machine keeps nothing of it, its key included, though its handle never arrived.
  @Test func cancelForgetsAnEffectCancelledBeforeItsTaskWasAttached() {
    let handoff = Mutex<(start: Token?, cancel: Token?)>((nil, nil))
    let feedback = Feedback<Lab, LabEvent>.custom(name: "token", initial: ()) {
      _, _, _, effects in
      let (start, cancel) = handoff.withLock { ($0.start.take(), $0.cancel.take()) }
      if let start { effects.start(start) { _ in } }
      if let cancel { effects.cancel(cancel) }
    }
    var machine = Machine(initial: Lab(), reducer: labReducer, feedbacks: [feedback])
    #expect(machine.start().isEmpty)
    let drained = machine.next()
    guard case .idle = drained else {
      Issue.record("the start left events to drain")
      return
    }
    var strong: Token? = Token()
    weak let token = strong
    handoff.withLock { $0.start = strong }
    #expect(reduceOne(&machine) == ["launch"])  // its task's handle never arrives
    handoff.withLock { $0.cancel = strong.take() }
    #expect(reduceOne(&machine) == ["cancelUnattached"])
    #expect(reduceOne(&machine).isEmpty)  // a reaction that names no key
    #expect(token != nil)

    #expect(cancel(&machine).isEmpty)

    #expect(token == nil)
  }
}
