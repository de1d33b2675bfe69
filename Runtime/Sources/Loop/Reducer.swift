/// A pure function that turns the current state and one event into the next state.
///
/// A reducer never performs work: it only mutates the state it is given. Work is the job of
/// ``Feedback``. Because it is pure and synchronous, a reducer can be called directly in a
/// test, with no store and no `await`:
///
/// ```swift
/// var state = Counter.State(count: 0)
/// Counter.reducer(&state, .increment)
/// #expect(state.count == 1)
/// ```
///
/// Reducers compose: ``combine(_:)-(Reducer<State,Event>...)`` runs several in order, and
/// ``scope(state:event:_:)`` embeds a child feature's reducer in a parent's state and events.
public struct Reducer<State, Event>: Sendable {
  @usableFromInline
  let reduce: @Sendable (inout State, Event) -> Void

  /// Creates a reducer from a function that mutates the state for one event.
  ///
  /// - Parameter reduce: The transition function. It must be pure: no I/O, no clocks, no
  ///   sending events to a store.
  public init(_ reduce: @escaping @Sendable (inout State, Event) -> Void) {
    self.reduce = reduce
  }

  /// Applies the reducer to `state` for `event`.
  ///
  /// - Parameters:
  ///   - state: The state to transform in place.
  ///   - event: The event that causes the transition.
  @inlinable
  public func callAsFunction(_ state: inout State, _ event: Event) {
    reduce(&state, event)
  }

  /// A reducer that runs `reducers` one after the other on the same state and event.
  ///
  /// - Parameter reducers: The reducers to run, in order.
  /// - Returns: The combined reducer.
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// A reducer that runs `reducers` one after the other on the same state and event.
  ///
  /// - Parameter reducers: The reducers to run, in order.
  /// - Returns: The combined reducer.
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    Reducer { state, event in
      for reducer in reducers {
        reducer(&state, event)
      }
    }
  }

  /// Embeds a child reducer in this reducer's state and events.
  ///
  /// The child runs on the part of the state at `state` and only for the events that `event`
  /// turns into child events; every other event leaves the state untouched.
  ///
  /// ```swift
  /// static let reducer = Reducer<App.State, App.Event>.combine(
  ///   .scope(state: \.search, event: \.search, Search.reducer),
  ///   appReducer
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the child's state lives in this state.
  ///   - event: Extracts the child's event from this event, or returns `nil` when the event is
  ///     not for the child.
  ///   - child: The child feature's reducer.
  /// - Returns: A reducer over this state and event type.
  public static func scope<ChildState, ChildEvent>(
    state: WritableKeyPath<State, ChildState> & Sendable,
    event: @escaping @Sendable (Event) -> ChildEvent?,
    _ child: Reducer<ChildState, ChildEvent>
  ) -> Reducer {
    Reducer { parent, parentEvent in
      guard let childEvent = event(parentEvent) else { return }
      child(&parent[keyPath: state], childEvent)
    }
  }
}
