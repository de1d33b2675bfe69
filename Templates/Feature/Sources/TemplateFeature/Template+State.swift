extension Template {
  /// What the user sees: the query as typed and what the lookup is doing.
  ///
  /// A value (`Hashable`), so tests compare it and exploration dedupes it; `Codable`, so a
  /// recording stores it.
  public struct State: Hashable, Sendable, Codable {
    /// The query as typed.
    public var query = ""
    /// What the lookup is doing for the query's term.
    public var status = Status.idle

    /// Creates a state; the default is the launch state, with nothing typed.
    public init(query: String = "", status: Status = .idle) {
      (self.query, self.status) = (query, status)
    }
  }

  /// What the lookup is doing: one case per phase, so impossible mixes cannot be written.
  public enum Status: Hashable, Sendable, Codable {
    /// Nothing to look up: the query is blank.
    case idle
    /// Waiting out the debounce, then for the glossary's answer.
    case waiting(term: String)
    /// The glossary defined the term.
    case answered(term: String, definition: String)
    /// The lookup failed, with one line for the user.
    case failed(term: String, message: String)

    /// The term this status is about; `nil` when idle.
    public var term: String? {
      switch self {
      case .idle: nil
      case .waiting(let term), .answered(let term, _), .failed(let term, _): term
      }
    }

    /// The term waiting to be looked up, if any: what the lookup feedback watches.
    public var pendingTerm: String? { if case .waiting(let term) = self { term } else { nil } }
  }

  /// What can happen: the user's input, and the answers the lookup sends back.
  public enum Event: Hashable, Sendable, Codable {
    /// The user changed the query.
    case queryChanged(String)
    /// The glossary defined `term`.
    case answered(term: String, definition: String)
    /// Looking up `term` failed, with one line for the user.
    case failed(term: String, message: String)
  }
}
