extension Template {
  /// The feature's one dependency: a struct of closures tests replace with doubles.
  ///
  /// Replace it with yours, with a `live` value beside ``fixtures``.
  public struct Glossary: Sendable {
    /// Defines a term, or throws ``GlossaryError``.
    public var define: @Sendable (String) async throws -> String

    /// Creates a glossary from its one operation, `define`.
    public init(define: @escaping @Sendable (String) async throws -> String) {
      self.define = define
    }

    /// Three words of this repository, so the feature works offline with no fixture files; an
    /// unknown term throws ``GlossaryError/notFound(term:)``.
    public static let fixtures = Glossary { term in
      let entries = [
        "feedback": "Turns states into work whose result is sent back as an event.",
        "reducer": "A pure function that turns a state and an event into the next state.",
        "store": "Runs a machine: reduces events one at a time and keeps its effects running.",
      ]
      guard let definition = entries[term] else { throw GlossaryError.notFound(term: term) }
      return definition
    }
  }

  /// Why a term has no definition.
  public enum GlossaryError: Error, Hashable, Sendable {
    /// The glossary has no entry for the term.
    case notFound(term: String)
    /// The glossary could not be reached.
    case unavailable

    /// What went wrong, in one line for the user.
    public var userMessage: String {
      switch self {
      case .notFound(let term): "no entry for '\(term)'"
      case .unavailable: "the glossary is unavailable; try again"
      }
    }
  }
}
