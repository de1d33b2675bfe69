import LoopSynchronization
import TestSupport
import Testing

/// The wait helpers that every runtime test uses, failing when they should.
///
/// Each fails within its bound, saying what it waited for, when what it waits for never
/// happens, even when the wait ignores cancellation. The bounds here are short so that each
/// failure takes a tenth of a second.
@Suite(.watchdog)
struct WaitBoundTests {
  private static let short: Duration = .milliseconds(100)

  /// A wait that ignores cancellation and that nothing ends: the worst case for a guard.
  private static func never() async {
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
  }

  @Test func aRecorderWaitFailsNamingTheWaitAndListingTheElementsWhenItNeverHolds() async {
    let recorder = AwaitableList<String>()
    recorder.append("sta")
    recorder.append("star")

    await #expect {
      try await recorder.wait("the search for swift", within: Self.short) { $0.contains("swift") }
    } throws: { error in
      let text = "\(error)"
      return text.contains("Expected: the search for swift, within 0.1 seconds")
        && text.contains("WaitBoundTests.swift:")
        && text.contains("\n  1. sta\n  2. star")
        && text.contains("Fix: ")
    }
  }

  @Test func aRecorderWaitReturnsWhenAnAppendMakesItsConditionHold() async throws {
    let recorder = AwaitableList<Int>()
    let appender = Task {
      for value in 1...3 { recorder.append(value) }
    }
    try await recorder.wait { $0.count == 3 }
    await appender.value
    #expect(recorder.elements == [1, 2, 3])
  }

  @Test func aRecorderListsOnlyTheLastTwentyElements() async {
    let recorder = AwaitableList<Int>()
    for value in 1...25 { recorder.append(value) }

    await #expect {
      try await recorder.wait(within: Self.short) { $0.count == 30 }
    } throws: { error in
      let text = "\(error)"
      return text.contains("25 elements, the last 20:\n  6. 6\n") && !text.contains("  5. 5")
        && text.contains("the condition of the wait at WaitBoundTests.swift:")
    }
  }

  @Test func boundedFailsWhenItsOperationIgnoresCancellationAndNeverEnds() async {
    await #expect {
      try await bounded("a wait nothing ends", within: Self.short) { await Self.never() }
    } throws: { error in
      "\(error)".contains("Expected: a wait nothing ends, within 0.1 seconds")
    }
  }

  @Test func boundedCancelsAnOperationThatHonoursCancellation() async {
    let cancelled = Mutex(false)
    await #expect(throws: WaitTimedOut.self) {
      try await bounded("a stream that never yields", within: Self.short) {
        let (stream, _) = AsyncStream.makeStream(of: Int.self)
        for await _ in stream {}
        cancelled.withLock { $0 = Task.isCancelled }
      }
    }
    // The operation's task ends on its own after the cancellation; wait for that, bounded.
    let recorder = AwaitableList<Bool>()
    let observer = Task {
      while !cancelled.withLock({ $0 }) { await Task.yield() }
      recorder.append(true)
    }
    try? await recorder.wait { $0 == [true] }
    observer.cancel()
    #expect(cancelled.withLock { $0 })
  }

  @Test func boundedReturnsTheValueAndRethrowsTheErrorOfAnOperationThatEnds() async throws {
    struct Failure: Error, Equatable {}
    #expect(try await bounded("a value") { 42 } == 42)
    await #expect(throws: Failure()) { try await bounded("an error") { throw Failure() } }
  }

  @Test func aTaskValueFailsWithinItsBoundWhenTheTaskNeverEnds() async {
    let task = Task { await Self.never() }
    await #expect {
      try await task.value(within: Self.short)
    } throws: { error in
      "\(error)".contains("Expected: the task to finish, within 0.1 seconds")
    }
    #expect(task.isCancelled)
  }

  @Test func theWatchdogFailsATestThatHasNotFinishedAndCancelsIt() async throws {
    let test = try #require(Test.current)
    let wasCancelled = Mutex(false)
    try await withKnownIssue {
      try await Watchdog(bound: Self.short).provideScope(for: test, testCase: Test.Case.current) {
        let (stream, _) = AsyncStream.makeStream(of: Int.self)
        for await _ in stream {}
        wasCancelled.withLock { $0 = Task.isCancelled }
      }
    } matching: { issue in
      "\(issue)".contains("Expected: \(test.name) to finish, within 0.1 seconds")
    }
    #expect(wasCancelled.withLock { $0 })
  }

  @Test func theWatchdogLetsATestThatFinishesInTimeThroughAndRethrowsItsError() async throws {
    struct Failure: Error, Equatable {}
    let test = try #require(Test.current)
    let ran = Mutex(false)
    try await Watchdog(bound: .seconds(5)).provideScope(for: test, testCase: Test.Case.current) {
      ran.withLock { $0 = true }
    }
    #expect(ran.withLock { $0 })
    await #expect(throws: Failure()) {
      try await Watchdog(bound: .seconds(5)).provideScope(for: test, testCase: nil) {
        throw Failure()
      }
    }
  }
}
