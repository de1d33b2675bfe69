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
}
