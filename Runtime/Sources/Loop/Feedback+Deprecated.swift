// The forms of the last minor version, kept for one more so code written against them compiles,
// with a warning that says what to write instead (CHANGELOG.md, "Deprecated"). They are left out of
// the documentation, where they would only make the links to the current forms ambiguous.

extension Feedback {
  /// `onChange` with an `onError` that sees only the error: the form before the query was
  /// passed too.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message: "onError also receives the query the effect was started for: { query, error in ... }"
  )
  public static func onChange<Query: Equatable & Sendable>(
    of query: @escaping @Sendable (State) -> Query?,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Query) async throws -> Event?,
    onError: @escaping @Sendable (any Error) -> Event?
  ) -> Feedback {
    onChange(
      of: query, name: name, fileID: fileID, line: line, effect: effect,
      onError: { _, error in onError(error) })
  }

  /// `streaming` with an `onError` that sees only the error: the form before the query was
  /// passed too.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message: "onError also receives the query the stream was started for: { query, error in ... }"
  )
  public static func streaming<Query: Equatable & Sendable, Events: AsyncSequence & Sendable>(
    of query: @escaping @Sendable (State) -> Query?,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    events: @escaping @Sendable (Query) -> Events,
    onError: @escaping @Sendable (any Error) -> Event?
  ) -> Feedback where Events.Element == Event {
    streaming(
      of: query, name: name, fileID: fileID, line: line, events: events,
      onError: { _, error in onError(error) })
  }

  /// `onEvent` with an `onError` that sees only the error: the form before the payload was
  /// passed too.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message:
      "onError also receives the payload the effect was started for: { payload, error in ... }"
  )
  public static func onEvent<Payload: Sendable>(
    matching: @escaping @Sendable (Event) -> Payload?,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Payload) async throws -> Event?,
    onError: @escaping @Sendable (any Error) -> Event?
  ) -> Feedback {
    onEvent(
      matching: matching, name: name, fileID: fileID, line: line, effect: effect,
      onError: { _, error in onError(error) })
  }

  /// `forEach` over a set of keys with an `onError` that sees only the error: the form before
  /// the key was passed too.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message: "onError also receives the key the effect was started for: { key, error in ... }"
  )
  public static func forEach<Key: Hashable & Sendable>(
    keys: @escaping @Sendable (State) -> Set<Key>,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Key) async throws -> Event?,
    onError: @escaping @Sendable (any Error) -> Event?
  ) -> Feedback {
    forEach(
      keys: keys, name: name, fileID: fileID, line: line, effect: effect,
      onError: { _, error in onError(error) })
  }

  /// `forEach` over an array of keys with an `onError` that sees only the error: the form
  /// before the key was passed too.
  @_documentation(visibility: internal)
  @available(
    *, deprecated,
    message: "onError also receives the key the effect was started for: { key, error in ... }"
  )
  public static func forEach<Key: Hashable & Sendable>(
    keys: @escaping @Sendable (State) -> [Key],
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Key) async throws -> Event?,
    onError: @escaping @Sendable (any Error) -> Event?
  ) -> Feedback {
    forEach(
      keys: keys, name: name, fileID: fileID, line: line, effect: effect,
      onError: { _, error in onError(error) })
  }
}
