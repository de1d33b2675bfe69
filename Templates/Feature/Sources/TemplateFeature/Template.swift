import Loop

// Replace this machine with yours: keep the shape (dependencies in, a pure reducer, feedbacks
// built from the dependencies) and change what it does.

/// Looks up a term 300 ms after typing pauses: the definition, or one line on why not.
///
/// A new term cancels the pending lookup (switch-latest), retyping the same
/// term keeps what is shown, and a blank query shows nothing and looks nothing up.
///
/// ```swift
/// let store = Store(initial: Template.State(), machine: Template(glossary: .fixtures, clock: ContinuousClock()))
/// store.send(.queryChanged("reducer"))
/// ```
public struct Template: Machine {
  /// How long typing must pause before a lookup starts.
  public static let debounce: Duration = .milliseconds(300)

  /// Where definitions come from.
  public let glossary: Glossary
  /// The clock the debounce sleeps on: a `TestClock` in tests, `ContinuousClock` in the app.
  public let clock: any Clock<Duration>

  /// Creates the machine from its dependencies: the glossary and the debounce's clock.
  public init(glossary: Glossary, clock: any Clock<Duration>) {
    (self.glossary, self.clock) = (glossary, clock)
  }

  /// The transition function: pure, synchronous, and callable directly in tests.
  public static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .queryChanged(let query):
      state.query = query
      let term = Self.term(for: query)
      if term.isEmpty {
        state.status = .idle
      } else if state.status.term != term {
        state.status = .waiting(term: term)
      }
    case .answered(let term, let definition):
      // Only an answer to the term being looked up counts; a late one is ignored.
      guard state.status == .waiting(term: term) else { return }
      state.status = .answered(term: term, definition: definition)
    case .failed(let term, let message):
      guard state.status == .waiting(term: term) else { return }
      state.status = .failed(term: term, message: message)
    }
  }

  /// The term a query asks for: trimmed, inner spaces collapsed, lowercased (`"  Reducer "`
  /// asks for `reducer`); empty when the query is blank.
  public static func term(for query: String) -> String {
    query.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
  }

  /// One feedback: while a term is waiting, sleep out the debounce, then look it up.
  ///
  /// A new term cancels the running effect, sleep included, so a burst of typing makes one call.
  public var feedbacks: [Feedback<State, Event>] {
    [
      .onChange(
        of: \.status.pendingTerm, name: "lookup",
        effect: { [glossary, clock] term in
          try await clock.sleep(for: Self.debounce)
          return .answered(term: term, definition: try await glossary.define(term))
        },
        // Every error is a line the user reads, never a lookup left waiting. A newer term
        // cancels this one, and cancellation never reaches onError.
        onError: { term, error in
          .failed(term: term, message: (error as? GlossaryError ?? .unavailable).userMessage)
        })
    ]
  }
}
