import LoopTesting
import Testing

struct UnimplementedClockTests {
  @Test func aSleepReportsAFailureNamingTheClockAndTheFixWhenAnythingSleeps() async {
    let (clock, line) = (UnimplementedClock("debounce clock"), #line)
    var thrown: (any Error)?
    await withKnownIssue {
      do {
        try await clock.sleep(for: .milliseconds(300))
      } catch {
        thrown = error
      }
    } matching: { issue in
      issue.description.contains("Expected: no sleeps on `debounce clock`")
        && issue.description.contains("`debounce clock` was asked to sleep until +300 ms")
        && issue.description.contains("Fix: pass a TestClock (and advance it) or an ImmediateClock")
        && issue.description.contains("if the feature is expected to wait")
        && issue.sourceLocation?.fileID == #fileID
        && issue.sourceLocation?.line == line
    }
    #expect(thrown is CancellationError)
  }

  @Test func theFailureNamesTheDefaultClockWhenNoNameIsGiven() async {
    let clock = UnimplementedClock()
    await withKnownIssue {
      try? await clock.sleep(until: UnimplementedClock.Instant(offset: .seconds(1.5)))
    } matching: { issue in
      issue.description.contains("`clock` was asked to sleep until +1.5 s")
    }
  }

  @Test func nowStaysAtZeroWhenTimeWouldPass() {
    let clock = UnimplementedClock()
    #expect(clock.now == .zero)
    #expect(clock.minimumResolution == .zero)
  }
}
