/// What fault injection does to one request: how long to wait, and whether to fail it.
public struct FaultDecision: Hashable, Sendable {
  /// How long to wait before answering.
  public var delay: Duration
  /// The status to fail with instead of routing the request, or `nil` to route it.
  public var failureStatus: Int?

  /// Creates a decision.
  ///
  /// - Parameters:
  ///   - delay: How long to wait before answering.
  ///   - failureStatus: The status to fail with, or `nil`.
  public init(delay: Duration, failureStatus: Int?) {
    self.delay = delay
    self.failureStatus = failureStatus
  }
}
