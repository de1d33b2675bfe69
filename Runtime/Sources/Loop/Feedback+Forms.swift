extension Feedback {
  /// Runs one effect per distinct non-nil query: the workhorse feedback.
  ///
  /// After every transition the store evaluates `query`. When the result becomes non-nil or
  /// changes, the running effect (if any) is cancelled and a new one starts with the new query;
  /// when it becomes `nil`, the running effect is cancelled. An unchanged query keeps the
  /// running effect. A debounce is an effect that sleeps on the injected clock first:
  ///
  /// ```swift
  /// let debounce = Feedback<Search.State, Search.Event>.onChange(
  ///   of: \.status.debouncing, name: "debounce"
  /// ) { query in
  ///   try await clock.sleep(for: .milliseconds(300))
  ///   return .debounced(query)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - query: Derives the effect's input from the state, or `nil` for "no effect".
  ///   - name: The name diagnostics use; defaults to the form and the call site.
  ///   - fileID: The call site's file, for the default name.
  ///   - line: The call site's line, for the default name.
  ///   - effect: The work to do for a query; the event it returns, if any, is sent.
  ///   - onError: Maps an error the effect throws, with the input it was started for, to an
  ///     event; without it errors are dropped. Cancellation never reaches it.
  /// - Returns: The feedback.
  public static func onChange<Query: Equatable & Sendable>(
    of query: @escaping @Sendable (State) -> Query?,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Query) async throws -> Event?,
    onError: (@Sendable (Query, any Error) -> Event?)? = nil
  ) -> Feedback {
    custom(name: name ?? defaultName("onChange", fileID, line), initial: Query?.none) {
      last, state, _, effects in
      let next = query(state)
      guard next != last else { return }
      last = next
      if let next {
        effects.start(
          0, answering: { try await effect(next) }, onError: bind(onError, to: next))
      } else {
        effects.cancel(0)
      }
    }
  }

  /// Runs one event stream per distinct non-nil query, with the lifetime of ``onChange(of:name:fileID:line:effect:onError:)``.
  ///
  /// Every element the sequence produces is sent. A new query cancels the running stream and
  /// drops the elements it produced that were not reduced yet; `nil` cancels it.
  ///
  /// - Parameters:
  ///   - query: Derives the stream's input from the state, or `nil` for "no stream".
  ///   - name: The name diagnostics use; defaults to the form and the call site.
  ///   - fileID: The call site's file, for the default name.
  ///   - line: The call site's line, for the default name.
  ///   - events: Makes the stream of events for a query.
  ///   - onError: Maps an error the stream throws to an event; without it errors are dropped.
  /// - Returns: The feedback.
  public static func streaming<Query: Equatable & Sendable, Events: AsyncSequence & Sendable>(
    of query: @escaping @Sendable (State) -> Query?,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    events: @escaping @Sendable (Query) -> Events,
    onError: (@Sendable (Query, any Error) -> Event?)? = nil
  ) -> Feedback where Events.Element == Event {
    custom(name: name ?? defaultName("streaming", fileID, line), initial: Query?.none) {
      last, state, _, effects in
      let next = query(state)
      guard next != last else { return }
      last = next
      guard let next else {
        effects.cancel(0)
        return
      }
      effects.start(0) { send in
        do {
          for try await event in events(next) {
            send(event)
          }
        } catch {
          try forward(error, onError: bind(onError, to: next), send: send)
        }
      }
    }
  }

  /// Starts an effect when `predicate` turns from false to true.
  ///
  /// The effect fires on the edge only: a state for which the predicate stays true starts
  /// nothing new. When the predicate turns false the running effect is cancelled, since the
  /// reason it was started no longer holds; the next false-to-true edge starts a new one.
  /// A store whose initial state satisfies the predicate starts the effect at once.
  ///
  /// - Parameters:
  ///   - predicate: The condition whose rising edge starts the effect.
  ///   - name: The name diagnostics use; defaults to the form and the call site.
  ///   - fileID: The call site's file, for the default name.
  ///   - line: The call site's line, for the default name.
  ///   - effect: The work to do; the event it returns, if any, is sent.
  ///   - onError: Maps an error the effect throws to an event; without it errors are dropped.
  ///     Cancellation never reaches it.
  /// - Returns: The feedback.
  public static func whenBecomesTrue(
    _ predicate: @escaping @Sendable (State) -> Bool,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable () async throws -> Event?,
    onError: (@Sendable (any Error) -> Event?)? = nil
  ) -> Feedback {
    custom(name: name ?? defaultName("whenBecomesTrue", fileID, line), initial: false) {
      wasTrue, state, _, effects in
      let isTrue = predicate(state)
      guard isTrue != wasTrue else { return }
      wasTrue = isTrue
      if isTrue {
        effects.start(0, answering: effect, onError: onError)
      } else {
        effects.cancel(0)
      }
    }
  }

  /// Starts an effect for every event that `matching` accepts, switch-latest.
  ///
  /// The feedback looks at the event that caused each transition (user events and effect
  /// events alike). A matching event cancels this feedback's running effect and starts a new
  /// one with the extracted payload.
  ///
  /// - Parameters:
  ///   - matching: Extracts the effect's input from an event, or returns `nil` to ignore it.
  ///   - name: The name diagnostics use; defaults to the form and the call site.
  ///   - fileID: The call site's file, for the default name.
  ///   - line: The call site's line, for the default name.
  ///   - effect: The work to do for the payload; the event it returns, if any, is sent.
  ///   - onError: Maps an error the effect throws, with the input it was started for, to an
  ///     event; without it errors are dropped. Cancellation never reaches it.
  /// - Returns: The feedback.
  public static func onEvent<Payload: Sendable>(
    matching: @escaping @Sendable (Event) -> Payload?,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Payload) async throws -> Event?,
    onError: (@Sendable (Payload, any Error) -> Event?)? = nil
  ) -> Feedback {
    custom(name: name ?? defaultName("onEvent", fileID, line), initial: ()) {
      _, _, event, effects in
      guard let event, let payload = matching(event) else { return }
      effects.start(
        0, answering: { try await effect(payload) }, onError: bind(onError, to: payload))
    }
  }

  /// Runs one effect per key, for as long as the key is in the state: keyed lifetimes.
  ///
  /// After each transition the store compares `keys` with the previous set: keys that stay
  /// keep their running effect, removed keys cancel theirs (dropping its unreduced events),
  /// and new keys start one. Use it for per-item work, such as one forecast request per
  /// planned day.
  ///
  /// - Parameters:
  ///   - keys: The keys that should have an effect in this state.
  ///   - name: The name diagnostics use; defaults to the form and the call site.
  ///   - fileID: The call site's file, for the default name.
  ///   - line: The call site's line, for the default name.
  ///   - effect: The work to do for one key; the event it returns, if any, is sent.
  ///   - onError: Maps an error the effect throws, with the input it was started for, to an
  ///     event; without it errors are dropped. Cancellation never reaches it.
  /// - Returns: The feedback.
  public static func forEach<Key: Hashable & Sendable>(
    keys: @escaping @Sendable (State) -> Set<Key>,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Key) async throws -> Event?,
    onError: (@Sendable (Key, any Error) -> Event?)? = nil
  ) -> Feedback {
    // The array form, in the set's own order: the same keys start and stop.
    forEach(
      keys: { Array(keys($0)) }, name: name ?? defaultName("forEach", fileID, line),
      effect: effect, onError: onError)
  }

  /// Runs one effect per key, for as long as the key is in the state, starting new keys'
  /// effects in the order `keys` lists them.
  ///
  /// The same as the form that takes a `Set` of keys but for the
  /// start order, which a `Set` leaves to its hashing (seeded anew in every process): with
  /// an array, effects that start together get their generations in the same order every
  /// run, so a recording replays with the same origins. A key listed twice counts once.
  ///
  /// - Parameters:
  ///   - keys: The keys that should have an effect in this state, in the order to start them.
  ///   - name: The name diagnostics use; defaults to the form and the call site.
  ///   - fileID: The call site's file, for the default name.
  ///   - line: The call site's line, for the default name.
  ///   - effect: The work to do for one key; the event it returns, if any, is sent.
  ///   - onError: Maps an error the effect throws, with the input it was started for, to an
  ///     event; without it errors are dropped. Cancellation never reaches it.
  /// - Returns: The feedback.
  public static func forEach<Key: Hashable & Sendable>(
    keys: @escaping @Sendable (State) -> [Key],
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    effect: @escaping @Sendable (Key) async throws -> Event?,
    onError: (@Sendable (Key, any Error) -> Event?)? = nil
  ) -> Feedback {
    custom(name: name ?? defaultName("forEach", fileID, line), initial: [Key]()) {
      current, state, _, effects in
      let next = keys(state)
      guard next != current else { return }
      let kept = Set(next)
      let running = Set(current)
      for removed in running.subtracting(kept) {
        effects.cancel(removed)
      }
      var started = Set<Key>()
      for added in next where !running.contains(added) && started.insert(added).inserted {
        effects.start(
          added, answering: { try await effect(added) }, onError: bind(onError, to: added))
      }
      current = next
    }
  }

  static func bind<Input: Sendable>(
    _ onError: (@Sendable (Input, any Error) -> Event?)?, to input: Input
  ) -> (@Sendable (any Error) -> Event?)? {
    guard let onError else { return nil }
    return { @Sendable error in onError(input, error) }
  }

  /// Sends the event `onError` maps `error` to, or rethrows so the store records a failure.
  ///
  /// Errors of a cancelled effect, and `CancellationError` wherever it comes from, are always
  /// rethrown: a cancelled effect sends nothing, so no `onError` needs to handle cancellation.
  static func forward(
    _ error: any Error,
    onError: (@Sendable (any Error) -> Event?)?,
    send: Send<Event>
  ) throws {
    send(try recover(error, onError: onError))
  }

  /// The event `onError` maps `error` to; throws `error` when there is none, and always for
  /// a cancellation, which ends the effect with no event.
  static func recover(_ error: any Error, onError: (@Sendable (any Error) -> Event?)?) throws
    -> Event
  {
    if !Task.isCancelled, !(error is CancellationError), let onError, let event = onError(error) {
      return event
    }
    throw error
  }

  static func defaultName(_ form: String, _ fileID: StaticString, _ line: UInt) -> String {
    let file = "\(fileID)".split(separator: "/").last.map(String.init) ?? "\(fileID)"
    return "\(form) (\(file):\(line))"
  }
}
