import Loop
import LoopContracts

/// A coin-operated turnstile: the smallest machine with a real state diagram.
struct Turnstile: Machine {
  struct State: Hashable, Sendable {
    var isLocked = true
    var coins = 0
    var passes = 0
  }

  enum Event: String, Hashable, Sendable, Codable, CaseIterable {
    case coin
    case push
  }

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .coin:
      state.coins += 1
      state.isLocked = false
    case .push:
      guard !state.isLocked else { return }
      state.passes += 1
      state.isLocked = true
    }
  }

  /// The same turnstile with a bug.
  ///
  /// Pushing a locked turnstile lets you through once two coins have ever been paid. Only
  /// five events reveal it.
  static let leakyReducer = Reducer<State, Event> { state, event in
    switch event {
    case .coin:
      state.coins += 1
      state.isLocked = false
    case .push:
      if state.isLocked {
        if state.coins >= 2 { state.passes += 1 }
        return
      }
      state.passes += 1
      state.isLocked = true
    }
  }

  var feedbacks: [Feedback<State, Event>] { [] }
}

/// The turnstile with the leaky reducer, for the contract that must fail.
struct LeakyTurnstile: Machine {
  typealias State = Turnstile.State
  typealias Event = Turnstile.Event
  static let reducer = Turnstile.leakyReducer
  var feedbacks: [Feedback<State, Event>] { [] }
}

enum TurnstileContracts {
  enum Phase: CaseIterable, Sendable { case locked, unlocked }

  static let table: [Move<Phase, Turnstile.Event>] = [
    Move(.locked, on: .coin, to: .unlocked),
    Move(.locked, on: .push, to: .locked),
    Move(.unlocked, on: .coin, to: .unlocked),
    Move(.unlocked, on: .push, to: .locked),
  ]

  static let examples: [Example<Turnstile.State, Turnstile.Event>] = [
    Example(
      "a coin unlocks", given: Turnstile.State(), when: .coin,
      then: Turnstile.State(isLocked: false, coins: 1)),
    Example(
      "pushing a locked turnstile does nothing", given: Turnstile.State(), when: .push,
      then: Turnstile.State()),
    Example(
      "pushing an unlocked turnstile lets one through and locks",
      given: Turnstile.State(isLocked: false, coins: 1), when: .push,
      then: Turnstile.State(isLocked: true, coins: 1, passes: 1)),
  ]

  static let invariants = [
    Invariant<Turnstile.State>("no more passes than coins") { $0.passes <= $0.coins },
    Invariant<Turnstile.State>("counts never go negative") { $0.coins >= 0 && $0.passes >= 0 },
  ]

  static func contract<M: Machine>(
    _ machine: @escaping @Sendable () -> M,
    name: String = "turnstile",
    table: [Move<Phase, Turnstile.Event>] = table,
    examples: [Example<Turnstile.State, Turnstile.Event>] = examples,
    laws: [Law<Turnstile.State, Turnstile.Event, Turnstile.Event>] = [],
    roundTrips: [RoundTrip<Turnstile.State>] = [],
    scenarios: [Scenario<M>] = [],
    equivalentMutants: [Mutant<Turnstile.Event>: String] = [:],
    alphabet: @escaping @Sendable (Turnstile.State) -> [Turnstile.Event] = { _ in [.coin, .push] }
  ) -> Contract<M, Phase, Turnstile.Event>
  where M.State == Turnstile.State, M.Event == Turnstile.Event {
    Contract(
      name: name,
      initialStates: [Turnstile.State()],
      phase: { $0.isLocked ? .locked : .unlocked },
      table: table,
      examples: examples,
      invariants: invariants,
      laws: laws,
      roundTrips: roundTrips,
      scenarios: scenarios,
      equivalentMutants: equivalentMutants,
      alphabet: alphabet,
      makeMachine: machine)
  }
}
