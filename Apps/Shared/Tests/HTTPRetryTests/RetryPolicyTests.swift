import HTTPRetry
import Testing

/// The apps' retry policy: which answers are retried, how long each wait is, when it stops.
struct RetryPolicyTests {
  /// The policy with its jitter pinned to `jitter` (0 the shortest wait, near 1 the longest).
  private func policy(jitter: Double) -> RetryPolicy {
    RetryPolicy(random: { jitter })
  }

  @Test func rateLimitsAndCurableServerErrorsAreRetriedAndNothingElse() {
    #expect([429, 500, 502, 503, 504].allSatisfy(RetryPolicy.retries(status:)))
    #expect(![200, 400, 401, 404, 422, 501, 505].contains(where: RetryPolicy.retries(status:)))
  }

  @Test func backoffDoublesFrom250MillisecondsUpTo2SecondsWithJitterInItsUpperHalf() {
    // Before jitter: 250 ms, 500 ms, 1 s; each wait is between half and all of that.
    let shortest = policy(jitter: 0)
    let longest = policy(jitter: 0.999)
    #expect(shortest.delay(beforeRetry: 1, retryAfter: nil) == .milliseconds(125))
    #expect(shortest.delay(beforeRetry: 2, retryAfter: nil) == .milliseconds(250))
    #expect(shortest.delay(beforeRetry: 3, retryAfter: nil) == .milliseconds(500))
    #expect(longest.delay(beforeRetry: 3, retryAfter: nil)! < .seconds(1))
    #expect(longest.delay(beforeRetry: 3, retryAfter: nil)! > .milliseconds(990))
    let capped = RetryPolicy(maximumRetries: 10, random: { 0 })
    #expect(capped.delay(beforeRetry: 8, retryAfter: nil) == .seconds(1))  // half of 2 s
  }

  @Test func retryAfterIsWaitedOutExactlyWhenItIsAtMost5Seconds() {
    let policy = policy(jitter: 0.5)
    #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(3)) == .seconds(3))
    #expect(policy.delay(beforeRetry: 2, retryAfter: .seconds(5)) == .seconds(5))
    #expect(policy.delay(beforeRetry: 1, retryAfter: .zero) == .zero)
  }

  @Test func retryingStopsAfterThreeRetriesOrWhenTheServerAsksForMoreThan5Seconds() {
    let policy = policy(jitter: 0.5)
    #expect(policy.delay(beforeRetry: 3, retryAfter: nil) != nil)
    #expect(policy.delay(beforeRetry: 4, retryAfter: nil) == nil)
    #expect(policy.delay(beforeRetry: 4, retryAfter: .seconds(1)) == nil)
    #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(6)) == nil)
  }

  @Test func secondsAreReadWhenRetryAfterIsAWholeNumber() {
    #expect(RetryPolicy.retryAfter(header: "1") == .seconds(1))
    #expect(RetryPolicy.retryAfter(header: " 12 ") == .seconds(12))
    #expect(RetryPolicy.retryAfter(header: "0") == .zero)
    #expect(RetryPolicy.retryAfter(header: nil) == nil)
    #expect(RetryPolicy.retryAfter(header: "-1") == nil)
    #expect(RetryPolicy.retryAfter(header: "1.5") == nil)
    #expect(RetryPolicy.retryAfter(header: "Wed, 21 Oct 2015 07:28:00 GMT") == nil)
  }
}
