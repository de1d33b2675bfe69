/// One allowed move of a state diagram: from a phase, on a kind of event, to a phase.
///
/// A contract's table lists every move its machine may make. A move observed anywhere
/// (examples, scenarios, exploration) that the table does not list fails the contract.
/// Phases and kinds are the feature's enums, so a misspelt row does not compile.
///
/// ```swift
/// let table: [Move<Movies.Phase, Movies.Kind>] = [
///   Move(.empty, on: .nextPage, to: .loading),
///   Move(.loading, on: .nextPage, to: .loading),  // ignored while loading
/// ]
/// ```
public struct Move<Phase: ContractLabel, Kind: ContractLabel>: Hashable, Sendable,
  CustomStringConvertible
{
  /// The phase before the event.
  public let from: Phase
  /// The kind of event.
  public let event: Kind
  /// The phase after the event.
  public let to: Phase

  /// Creates a move.
  ///
  /// - Parameters:
  ///   - from: The phase before the event.
  ///   - event: The kind of event.
  ///   - to: The phase after the event.
  public init(_ from: Phase, on event: Kind, to: Phase) {
    self.from = from
    self.event = event
    self.to = to
  }

  /// The same arrow from every phase: `event` leads to `to` wherever it arrives.
  ///
  /// - Parameters:
  ///   - event: The kind of event.
  ///   - to: The phase it leads to.
  /// - Returns: One move per phase.
  public static func fromEveryPhase(on event: Kind, to: Phase) -> [Move] {
    Phase.allCases.map { Move($0, on: event, to: to) }
  }

  /// `event` may arrive in any phase and leave it where it is: a stale answer, a request that
  /// does not apply.
  ///
  /// - Parameter event: The kind of event.
  /// - Returns: One move per phase, from the phase to itself.
  public static func staysInEveryPhase(on event: Kind) -> [Move] {
    Phase.allCases.map { Move($0, on: event, to: $0) }
  }

  /// The move as `idle --nextPage--> loading`.
  public var description: String {
    reported.description
  }

  /// The move as reports carry it, by name.
  public var reported: ReportedMove {
    ReportedMove(from: label(from), event: label(event), to: label(to))
  }
}

/// A move by the names of its phases and kind, as reports and saved failures carry it.
public struct ReportedMove: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The phase before the event.
  public var from: String
  /// The kind of event.
  public var event: String
  /// The phase after the event.
  public var to: String

  /// Creates a move from names.
  ///
  /// - Parameters:
  ///   - from: The phase before the event.
  ///   - event: The kind of event.
  ///   - to: The phase after the event.
  public init(from: String, event: String, to: String) {
    self.from = from
    self.event = event
    self.to = to
  }

  /// The move as `idle --nextPage--> loading`.
  public var description: String {
    "\(from) --\(event)--> \(to)"
  }
}
