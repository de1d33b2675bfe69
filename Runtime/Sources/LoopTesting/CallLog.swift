import LoopSynchronization

/// A thread-safe spy: records every call of a test double, with the effect that made it.
///
/// Record from the double, assert in the test. ``recording(_:)`` wraps a closure so that the
/// double records each call and then does its work:
///
/// ```swift
/// let pages = CallLog<Int>()
/// var catalog = MovieCatalog.fixtures
/// catalog.popular = pages.recording { page in try await MovieCatalog.fixtures.popular(page) }
/// // ... drive the store ...
/// #expect(pages.arguments == [1])
/// ```
///
/// A call made by an effect that a TestStore runs also records which feedback started that
/// effect and its generation, so a test can tell a current call from a superseded one. For a
/// double taking several arguments, log a tuple or a small struct of them.
public final class CallLog<Arguments: Sendable>: Sendable {
  /// One recorded call.
  ///
  /// `Equatable` when the arguments are, so a test can compare whole calls.
  public struct Call: Sendable {
    /// What the double was called with.
    public var arguments: Arguments
    /// The name of the feedback whose effect made the call, or `nil` when no TestStore-run
    /// effect did.
    public var feedback: String?
    /// The generation of that effect within its feedback (counted from 0, as everywhere in
    /// Loop: the first effect a feedback starts is generation 0), or `nil` when no
    /// TestStore-run effect made the call.
    public var generation: Int?

    /// Creates a call, as a test expects it.
    ///
    /// - Parameters:
    ///   - arguments: What the double was called with.
    ///   - feedback: The name of the feedback whose effect made the call.
    ///   - generation: The generation of that effect.
    public init(arguments: Arguments, feedback: String? = nil, generation: Int? = nil) {
      self.arguments = arguments
      self.feedback = feedback
      self.generation = generation
    }
  }

  private let log = Mutex<[Call]>([])

  /// Creates an empty log.
  ///
  /// Make one per double, next to the other test values.
  public init() {}

  /// Records a call with `arguments`, and the TestStore effect making it, if any.
  ///
  /// Callable from any task or thread.
  ///
  /// - Parameter arguments: What the double was called with.
  public func record(_ arguments: Arguments) {
    let effect = EffectScope.current?.effect
    let call = Call(
      arguments: arguments, feedback: effect?.feedback, generation: effect?.generation)
    log.withLock { $0.append(call) }
  }

  /// Every call recorded, in the order they were recorded.
  public var calls: [Call] {
    TestTaskStores.drain()
    return log.withLock { $0 }
  }

  /// How many calls were recorded.
  public var count: Int {
    TestTaskStores.drain()
    return log.withLock { $0.count }
  }

  /// The arguments of every call, in order.
  public var arguments: [Arguments] {
    TestTaskStores.drain()
    return log.withLock { $0.map(\.arguments) }
  }

  /// The arguments of the latest call, or `nil` before the first.
  public var last: Arguments? {
    TestTaskStores.drain()
    return log.withLock { $0.last?.arguments }
  }

  /// Wraps `body` in a function that records each call, then calls `body`.
  ///
  /// The call is recorded before `body` runs, so it is recorded even when `body` throws or
  /// its task is cancelled.
  ///
  /// ```swift
  /// var catalog = MovieCatalog.fixtures
  /// catalog.popular = pages.recording { page in try await MovieCatalog.fixtures.popular(page) }
  /// ```
  ///
  /// - Parameter body: The double's behaviour.
  /// - Returns: The recording function.
  public func recording<Result: Sendable>(
    _ body: @escaping @Sendable (Arguments) async throws -> Result
  ) -> @Sendable (Arguments) async throws -> Result {
    { arguments in
      self.record(arguments)
      return try await body(arguments)
    }
  }

  /// A function that records each call and returns `value`.
  ///
  /// - Parameter value: What every call returns.
  /// - Returns: The recording function.
  public func returning<Result: Sendable>(
    _ value: Result
  ) -> @Sendable (Arguments) async throws -> Result {
    recording { _ in value }
  }

  /// Forgets every call recorded so far.
  public func reset() {
    log.withLock { $0.removeAll() }
  }
}

extension CallLog.Call: Equatable where Arguments: Equatable {}
