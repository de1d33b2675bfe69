import TestSupport

@testable import LoopTesting

extension TestClock {
  /// `waitForSleepers(count:)` with a bound: returns once exactly `count` sleeps are in
  /// progress, or fails naming the count and what the clock holds instead of hanging.
  ///
  /// - Throws: `WaitTimedOut` when the bound passes first.
  func waitForSleepers(_ count: Int, fileID: String = #fileID, line: Int = #line) async throws {
    try await bounded("\(count) sleeper(s) on the TestClock", fileID: fileID, line: line) {
      try await self.waitForSleepers(count: count)
    }
  }
}
