import FixtureHTTP
import Testing

struct DelaySyntaxTests {
  @Test(arguments: [
    ("200ms", Duration.milliseconds(200)), ("0", .zero), ("0ms", .zero), ("1s", .seconds(1)),
    ("1.5s", .milliseconds(1_500)), ("0.25ms", .microseconds(250)), ("3600s", .seconds(3_600)),
  ])
  func parsesMillisecondsAndSeconds(text: String, expected: Duration) {
    #expect(DelaySyntax.parse(text) == expected)
  }

  @Test(arguments: ["", "200", "ms", "s", "-5ms", "5m", "1h", "1.2.3s", "3601s", "abc", " 5ms"])
  func refusesAnythingElse(text: String) {
    #expect(DelaySyntax.parse(text) == nil)
  }
}
