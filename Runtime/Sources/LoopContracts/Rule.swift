/// Which check of a contract a result or a failure belongs to, as a value.
///
/// Reports, saved failures and mutant verdicts name checks by rule, never by matching text.
public enum Rule: Hashable, Sendable, Codable, CustomStringConvertible {
  /// An example row, by name.
  case example(String)
  /// An invariant, by name.
  case invariant(String)
  /// A law over steps, by name.
  case law(String)
  /// A round trip through a codec, by name.
  case roundTrip(String)
  /// A scenario, by name.
  case scenario(String)
  /// One call budget of a scenario.
  case budget(scenario: String, dependency: String)
  /// A move the table does not list.
  case undeclaredMove(ReportedMove)
  /// The table itself: a row nothing exercised, a phase or kind no row mentions, an event
  /// case with no kind, an alphabet with no events.
  case table
  /// A saved failure path, by file name.
  case regression(file: String)

  /// The rule as reports name it: `invariant "no movie is listed twice"`.
  public var description: String {
    switch self {
    case .example(let name): "example \"\(name)\""
    case .invariant(let name): "invariant \"\(name)\""
    case .law(let name): "law \"\(name)\""
    case .roundTrip(let name): "round trip \"\(name)\""
    case .scenario(let name): "scenario \"\(name)\""
    case .budget(let scenario, let dependency):
      "scenario \"\(scenario)\": budget \(dependency)"
    case .undeclaredMove(let move): "undeclared move \(move)"
    case .table: "table"
    case .regression(let file): "regression \(file)"
    }
  }
}
