import FixtureHTTP
import Testing

struct RequestLogEntryTests {
  @Test func aLineIsMethodTargetStatusAndMilliseconds() {
    let entry = RequestLogEntry(
      request: "GET /3/movie/popular?page=1", status: 200, elapsed: .microseconds(3_900))
    #expect(entry.line == "GET /3/movie/popular?page=1 200 3ms")
  }

  @Test func aNoteFollowsInParentheses() {
    let entry = RequestLogEntry(
      request: "GET /3/search/movie", status: 500, elapsed: .seconds(1), note: "injected")
    #expect(entry.line == "GET /3/search/movie 500 1000ms (injected)")
  }
}
