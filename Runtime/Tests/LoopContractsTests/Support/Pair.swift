import Loop

/// Each `ask` starts two answers at once, `a`'s effect first, then `b`'s; the state keeps the
/// order they came in.
struct Pair: Machine {
  struct State: Hashable, Sendable { var answers: [String] = [] }
  enum Event: Hashable, Sendable, Codable {
    case ask
    case answered(String)
  }
  enum Kind: String, CaseIterable, Sendable { case ask, answered }
  enum Phase: CaseIterable, Sendable { case asking }

  static let reducer = Reducer<State, Event> { state, event in
    if case .answered(let name) = event { state.answers.append(name) }
  }

  var feedbacks: [Feedback<State, Event>] {
    ["a", "b"].map { name in
      .onEvent(matching: { $0 == .ask ? true : nil }, name: name) { _ in .answered(name) }
    }
  }
}
