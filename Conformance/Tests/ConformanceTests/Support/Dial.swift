import Loop
import LoopContracts

/// A three-position dial: enough of a machine to render every part of a report.
struct Dial: Machine {
  enum State: Hashable, Sendable, CaseIterable {
    case off
    case low
    case high
  }

  enum Event: String, Hashable, Sendable, Codable, CaseIterable {
    case turn
  }

  let broken: Bool

  static let reducer = Reducer<State, Event> { state, _ in
    switch state {
    case .off: state = .low
    case .low: state = .high
    case .high: state = .off
    }
  }

  var feedbacks: [Feedback<State, Event>] { [] }

  static func contract(broken: Bool) -> Contract<Dial, State, Event> {
    Contract(
      name: broken ? "broken-dial" : "dial",
      initialStates: [.off],
      phase: { $0 },
      table: [
        Move(.off, on: .turn, to: .low),
        Move(.low, on: .turn, to: .high),
        Move(.high, on: .turn, to: broken ? .low : .off),
      ],
      examples: [
        Example("off turns to low", given: .off, when: .turn, then: broken ? .high : .low)
      ],
      invariants: [Invariant("always a position") { _ in true }],
      alphabet: { _ in [.turn] },
      makeMachine: { Dial(broken: broken) })
  }
}
