import Loop
import LoopTesting

/// Checks steps and states against a contract's table, laws and invariants, and remembers
/// what exercised each row, how many steps each law judged, and the first violation of each
/// rule.
struct StepChecker<M: Machine, Phase: ContractLabel, Kind: ContractLabel>
where M.State: Hashable, M.Event: Codable {
  let contract: Contract<M, Phase, Kind>
  private let allowed: Set<Move<Phase, Kind>>
  private(set) var hits: [Move<Phase, Kind>: Set<String>] = [:]
  private(set) var undeclared: [UndeclaredMove] = []
  private var undeclaredSeen: Set<Move<Phase, Kind>> = []
  private(set) var unnamedCases: Set<String> = []
  private(set) var violations: [String: String] = [:]
  private(set) var statesChecked: Set<M.State> = []
  /// How many steps each law judged, by index in the contract's laws.
  private(set) var lawSteps: [Int]
  /// The first step that broke each law, by index in the contract's laws.
  private(set) var lawViolations: [Int: String] = [:]

  /// The rules broken so far, each once: undeclared moves, unnamed event cases, invariants
  /// and laws.
  ///
  /// A scenario whose run adds to it failed the contract under that run's schedule.
  var broken: Set<String> {
    Set(undeclared.map { "move \($0.move)" }).union(unnamedCases.map { "event case \($0)" })
      .union(violations.keys.map { "invariant \"\($0)\"" })
      .union(lawViolations.keys.map { "law \"\(contract.laws[$0].name)\"" })
  }

  init(_ contract: Contract<M, Phase, Kind>) {
    self.contract = contract
    self.allowed = Set(contract.table)
    self.lawSteps = Array(repeating: 0, count: contract.laws.count)
  }

  /// Records one observed step; returns the move when the table does not allow it.
  @discardableResult
  mutating func step(
    from before: M.State, on event: M.Event, to after: M.State, source: String,
    path: @autoclosure () -> String
  ) -> Move<Phase, Kind>? {
    let laws = contract.judge(before, event, after)
    for law in laws.judged { lawSteps[law] += 1 }
    for law in laws.broken where lawViolations[law] == nil {
      lawViolations[law] = Self.lawViolation(
        before: before, event: event, after: after, by: "\(source): \(path())")
    }
    guard let move = contract.move(from: before, on: event, to: after) else {
      unnamedCases.insert(CaseName.of(event))
      return nil
    }
    if allowed.contains(move) {
      hits[move, default: []].insert(source)
      return nil
    }
    if undeclaredSeen.insert(move).inserted {
      undeclared.append(UndeclaredMove(move: move.reported, source: source, path: path()))
    }
    return move
  }

  /// Checks every invariant in `state` (once per distinct state); returns the names broken.
  @discardableResult
  mutating func state(_ state: M.State, source: String, path: @autoclosure () -> String)
    -> [String]
  {
    guard statesChecked.insert(state).inserted else { return [] }
    var broken: [String] = []
    for invariant in contract.invariants where !invariant.holds(state) {
      broken.append(invariant.name)
      if violations[invariant.name] == nil {
        violations[invariant.name] =
          "broken in \(Render.value(state)), reached by \(source): \(path())"
      }
    }
    return broken
  }

  /// A broken law as reports show it: the step, with the state before and after it.
  static func lawViolation(before: M.State, event: M.Event, after: M.State, by source: String)
    -> String
  {
    "broken by \(Render.value(event)), reached by \(source)\n  before: \(Render.value(before))"
      + "\n  after:  \(Render.value(after))"
  }

  /// Adds steps exploration judged by each law, and its first violation of each.
  mutating func merge(lawSteps steps: [Int], violations: [Int: String]) {
    for (law, count) in steps.enumerated() { lawSteps[law] += count }
    for (law, violation) in violations where lawViolations[law] == nil {
      lawViolations[law] = violation
    }
  }

  /// Notes a row as exercised by `source` without a step (exploration, in bulk).
  mutating func exercised(_ move: Move<Phase, Kind>, by source: String) {
    hits[move, default: []].insert(source)
  }

  mutating func merge(violation: String, for rule: String) {
    if violations[rule] == nil { violations[rule] = violation }
  }
}

/// Values as reports show them: LoopTesting's renderer, the one every failure uses.
enum Render {
  /// `value` on one line when it fits, else laid out on several lines from column `indent`.
  static func value(_ value: Any, indent: Int = 4) -> String {
    ValueRendering.block(value, indent: indent)
  }

  /// A path of events: on one line when it fits, else one event per line.
  static func path<Event>(_ events: [Event]) -> String {
    events.isEmpty ? "(the start state)" : ValueRendering.block(events, indent: 4)
  }
}
