/// What goes wrong on purpose: delays, random server errors and a forced status.
///
/// ```swift
/// let faults = FaultConfiguration(
///   latency: .milliseconds(200), jitter: .milliseconds(50), failRate: 0.2,
///   forcedStatus: ForcedStatus(status: 429, pathPrefix: "/3/search/movie"))
/// ```
public struct FaultConfiguration: Hashable, Sendable {
  /// The fixed delay before every response.
  public var latency: Duration
  /// The most random extra delay added to ``latency``; each request draws from 0 to this.
  public var jitter: Duration
  /// The fraction of requests, from 0 to 1, answered with a 500.
  public var failRate: Double
  /// A status answered to every request under a prefix, before any other rule.
  public var forcedStatus: ForcedStatus?

  /// Creates a fault configuration; the defaults inject nothing.
  ///
  /// - Parameters:
  ///   - latency: The fixed delay; zero by default.
  ///   - jitter: The most random extra delay; zero by default.
  ///   - failRate: The fraction of requests failed with a 500; 0 by default.
  ///   - forcedStatus: A status forced on a path prefix; none by default.
  public init(
    latency: Duration = .zero, jitter: Duration = .zero, failRate: Double = 0,
    forcedStatus: ForcedStatus? = nil
  ) {
    self.latency = latency
    self.jitter = jitter
    self.failRate = failRate
    self.forcedStatus = forcedStatus
  }

  /// No delays and no failures.
  public static let none = FaultConfiguration()
}
