/// One allowed move of a state diagram: from a phase, on a kind of event, to a phase.
///
/// A contract's table lists every move its machine may make. A move observed anywhere
/// (examples, scenarios, exploration) that the table does not list fails the contract.
///
/// ```swift
/// Move("idle", on: "nextPage", to: "loading")
/// Move("loading", on: "nextPage", to: "loading")  // ignored while loading
/// ```
public struct Move: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The phase before the event.
  public let from: String
  /// The kind of event.
  public let event: String
  /// The phase after the event.
  public let to: String

  /// Creates a move.
  ///
  /// - Parameters:
  ///   - from: The phase before the event.
  ///   - event: The kind of event, as the contract's `eventKind` names it.
  ///   - to: The phase after the event.
  public init(_ from: String, on event: String, to: String) {
    self.from = from
    self.event = event
    self.to = to
  }

  /// The move as `idle --nextPage--> loading`.
  public var description: String {
    "\(from) --\(event)--> \(to)"
  }
}
