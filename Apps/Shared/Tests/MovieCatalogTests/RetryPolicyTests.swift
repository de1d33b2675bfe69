import Testing

@testable import MovieCatalog

struct RetryPolicyTests {
  @Test func retryAfterIsHonouredWhenItIsShortAndRetriesRemain() {
    let policy = RetryPolicy()
    #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(3)) == .seconds(3))
    #expect(policy.delay(beforeRetry: 2, retryAfter: .seconds(5)) == .seconds(5))
    #expect(policy.delay(beforeRetry: 1, retryAfter: .zero) == .zero)
    #expect(policy.delay(beforeRetry: 1, retryAfter: nil) == .seconds(1))
  }

  @Test func retryingStopsWhenRetriesAreUsedUpOrTheWaitIsTooLong() {
    let policy = RetryPolicy()
    #expect(policy.delay(beforeRetry: 3, retryAfter: .seconds(1)) == nil)
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
