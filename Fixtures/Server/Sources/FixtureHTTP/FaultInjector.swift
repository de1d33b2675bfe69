/// Decides, request by request, the delay and any injected failure, from a seeded generator.
///
/// Each call to ``decide(forPath:)`` draws exactly two numbers, whatever the configuration:
/// one for the jitter, one for the failure roll. So the decisions for the n-th request
/// depend only on the seed and n, and a run can be replayed with the same `--seed`
/// (requests arriving concurrently are numbered in the order they reach the injector).
///
/// The rules, in order:
/// 1. A ``FaultConfiguration/forcedStatus`` whose prefix applies fails the request with its
///    status.
/// 2. Otherwise, with probability ``FaultConfiguration/failRate``, it fails with 500.
/// 3. Every request, failed or not, waits ``FaultConfiguration/latency`` plus a uniform
///    draw from zero to ``FaultConfiguration/jitter``.
///
/// ```swift
/// var injector = FaultInjector(configuration: FaultConfiguration(failRate: 0.2), seed: 42)
/// let decision = injector.decide(forPath: "/3/movie/popular")
/// decision.failureStatus  // 500 about one time in five, the same times for seed 42
/// ```
public struct FaultInjector: Sendable {
  /// The faults to inject.
  public let configuration: FaultConfiguration
  private var generator: SeededGenerator

  /// Creates an injector.
  ///
  /// - Parameters:
  ///   - configuration: The faults to inject.
  ///   - seed: The seed of the generator every decision draws from.
  public init(configuration: FaultConfiguration, seed: UInt64) {
    self.configuration = configuration
    generator = SeededGenerator(seed: seed)
  }

  /// The decision for the next request, whose path is `path`.
  ///
  /// - Parameter path: The request's path, without its query.
  /// - Returns: Its delay, and the status to fail it with, if any.
  public mutating func decide(forPath path: String) -> FaultDecision {
    let jitterDraw = generator.next()
    let failureDraw = generator.next()
    let jitterNanoseconds = Self.nanoseconds(configuration.jitter)
    // The high word of draw × (bound + 1) is uniform enough on 0...bound for delays (the
    // bias is below bound / 2^64).
    let extra = jitterDraw.multipliedFullWidth(by: jitterNanoseconds &+ 1).high
    let delay = configuration.latency + .nanoseconds(Int64(extra))
    if let forced = configuration.forcedStatus, forced.applies(to: path) {
      return FaultDecision(delay: delay, failureStatus: forced.status)
    }
    // The top 53 bits as a Double uniform on [0, 1).
    let roll = Double(failureDraw >> 11) * 0x1p-53
    return FaultDecision(delay: delay, failureStatus: roll < configuration.failRate ? 500 : nil)
  }

  /// `duration` in whole nanoseconds, clamped to `0...Int64.max`.
  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow, whole < UInt64(Int64.max) else { return UInt64(Int64.max) }
    return min(whole + UInt64(attoseconds / 1_000_000_000), UInt64(Int64.max))
  }
}
