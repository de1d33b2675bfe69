import LoopContracts

/// A contract's table as a Graphviz graph, drawn from its report: phases as nodes, rows as
/// edges coloured by how they were exercised, undeclared moves and the rows of surviving
/// machine mutants marked.
///
/// Rows between the same two phases share one edge, whose label lists their events, each in
/// its own colour; the edge takes the colour of its least exercised row, so a gap shows from
/// afar. Hovering an edge lists each row with its counts.
public struct StateDiagram: Sendable {
  /// How a row was exercised, from the most deliberate to none.
  public enum Coverage: String, CaseIterable, Sendable, Comparable {
    /// A hand-written example shows it.
    case examples
    /// A scenario took it (but no example shows it).
    case scenarios
    /// Only exploration reached it.
    case exploration
    /// Nothing did: the contract fails.
    case never

    /// The colour edges and labels of this coverage take.
    public var colour: String {
      switch self {
      case .examples: "#1d4ed8"
      case .scenarios: "#15803d"
      case .exploration: "#6b7280"
      case .never: "#dc2626"
      }
    }

    /// Ordered from the most deliberate (examples) to none.
    public static func < (lhs: Coverage, rhs: Coverage) -> Bool {
      lhs.rank < rhs.rank
    }

    private var rank: Int {
      switch self {
      case .examples: 0
      case .scenarios: 1
      case .exploration: 2
      case .never: 3
      }
    }

    /// How `row` was exercised.
    ///
    /// - Parameter row: A table row with what exercised it.
    public init(_ row: RowCoverage) {
      let sources = row.exercisedBy
      if sources.contains(where: { $0.hasPrefix("example: ") }) {
        self = .examples
      } else if sources.contains(where: { $0.hasPrefix("scenario: ") }) {
        self = .scenarios
      } else if sources.contains("exploration") {
        self = .exploration
      } else {
        self = .never
      }
    }
  }

  /// The colour of an undeclared move and of a surviving mutant's rows.
  static let undeclaredColour = "#b91c1c"
  static let survivorColour = "#ea580c"

  /// The report drawn.
  public let report: ContractReport

  /// Draws `report`'s table.
  ///
  /// - Parameter report: A contract's report.
  public init(_ report: ContractReport) {
    self.report = report
  }

  /// The events whose surviving machine mutant (the reducer ignoring them) no check killed.
  public var survivingEvents: Set<String> {
    Set(report.machineMutants?.survivors.compactMap(\.ignoredEvent) ?? [])
  }

  /// The graph in the DOT language.
  public var dot: String {
    var phases: [String] = []
    var groups: [Pair: [Line]] = [:]
    var order: [Pair] = []
    func note(_ move: ReportedMove, _ line: Line) {
      for phase in [move.from, move.to] where !phases.contains(phase) { phases.append(phase) }
      let pair = Pair(from: move.from, to: move.to)
      if groups[pair] == nil { order.append(pair) }
      groups[pair, default: []].append(line)
    }
    let survivors = survivingEvents
    for row in report.table {
      let coverage = Coverage(row)
      let examples = row.exercisedBy.filter { $0.hasPrefix("example: ") }.count
      let scenarios = row.exercisedBy.filter { $0.hasPrefix("scenario: ") }.count
      var hover =
        "\(row.move): \(examples) example(s), \(scenarios) scenario(s), exploration "
        + (row.exercisedBy.contains("exploration") ? "yes" : "no")
      let survives = survivors.contains(row.move.event)
      if survives { hover += "; a surviving mutant ignores \(row.move.event)" }
      note(
        row.move,
        Line(
          event: row.move.event, colour: survives ? Self.survivorColour : coverage.colour,
          rank: coverage, survives: survives, undeclared: false, hover: hover))
    }
    for move in report.undeclaredMoves {
      note(
        move.move,
        Line(
          event: move.move.event, colour: Self.undeclaredColour, rank: .never, survives: false,
          undeclared: true,
          hover: "\(move.move): not in the table, seen in \(move.source) after \(move.path)"))
    }
    var lines = [
      "digraph \(Self.quoted(report.contract)) {",
      "  graph [rankdir=LR, bgcolor=\"transparent\", fontname=\"Helvetica\", nodesep=0.35,"
        + " ranksep=0.7];",
      "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f3f4f6\", color=\"#374151\","
        + " fontname=\"Helvetica\", fontsize=12];",
      "  edge [fontname=\"Helvetica\", fontsize=10, arrowsize=0.7];",
    ]
    for phase in phases {
      lines.append("  \(Self.quoted(phase)) [id=\(Self.quoted("phase-\(phase)"))];")
    }
    for (index, pair) in order.enumerated() {
      let rows = groups[pair] ?? []
      let weakest = rows.map(\.rank).max() ?? .never
      let marked = rows.contains { $0.undeclared || $0.survives }
      let colour =
        rows.contains(where: \.undeclared)
        ? Self.undeclaredColour
        : rows.contains(where: \.survives) ? Self.survivorColour : weakest.colour
      let label = rows.map { line in
        let text =
          Markup.escaped(line.event) + (line.undeclared ? " (undeclared)" : "")
          + (line.survives ? " (survivor)" : "")
        return "<font color=\"\(line.colour)\">\(text)</font>"
      }.joined(separator: "<br/>")
      let style = weakest == .never ? "dashed" : marked ? "bold" : "solid"
      let hover = rows.map(\.hover).joined(separator: "\n")
      lines.append(
        "  \(Self.quoted(pair.from)) -> \(Self.quoted(pair.to)) [id=\"edge-\(index)\", "
          + "label=<\(label)>, color=\"\(colour)\", style=\(style), "
          + "penwidth=\(marked ? 2.2 : 1.3), tooltip=\(Self.quoted(hover))];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private struct Pair: Hashable {
    let from: String
    let to: String
  }

  private struct Line {
    let event: String
    let colour: String
    let rank: Coverage
    let survives: Bool
    let undeclared: Bool
    let hover: String
  }

  /// A DOT string literal.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("\n", with: "\\n") + "\""
  }

}
