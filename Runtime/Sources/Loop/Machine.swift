/// A feature's logic: a pure reducer plus the feedbacks that do its work.
///
/// A machine is a value built from its dependencies, so a test passes doubles through its
/// initializer and production passes the live ones:
///
/// ```swift
/// struct Counter: Machine {
///   struct State: Hashable, Sendable { var count = 0 }
///   enum Event: Codable, Sendable { case increment }  // Codable for contracts and recordings
///
///   let clock: any Clock<Duration>
///
///   static let reducer = Reducer<State, Event> { state, event in
///     switch event {
///     case .increment: state.count += 1
///     }
///   }
///
///   var feedbacks: [Feedback<State, Event>] { [] }
/// }
///
/// let store = Store(initial: Counter.State(), machine: Counter(clock: ContinuousClock()))
/// ```
public protocol Machine: SendableMetatype {
  /// The feature's state: a value, compared and copied freely.
  associatedtype State: Sendable
  /// What can happen to the feature: sent by the user or by the feature's own effects.
  associatedtype Event: Sendable

  /// The pure transition function, callable directly in tests.
  static var reducer: Reducer<State, Event> { get }

  /// The feedbacks that turn states and events into work, built from this value's
  /// dependencies.
  var feedbacks: [Feedback<State, Event>] { get }
}
