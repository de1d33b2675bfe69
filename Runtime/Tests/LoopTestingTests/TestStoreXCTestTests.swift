import Loop
import LoopTesting
import XCTest

/// Proves a TestStore failure reaches XCTest, which does not see Swift Testing's issues on
/// Linux: the failure is captured through `recordFailure` and checked, not left to fail.
final class TestStoreXCTestTests: XCTestCase {
  private var captured: [(description: String, line: Int)] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    captured.append((description, lineNumber))
  }

  func testAFailedWaitIsReportedToXCTestAtTheCallersLine() async {
    let harness = SampleHarness()
    let store = harness.store(.off)
    store.send(.typed("swift"))

    isCapturing = true
    let line = #line + 1
    await store.wait { !$0.results.isEmpty }
    isCapturing = false

    XCTAssertEqual(captured.count, 1)
    XCTAssertEqual(captured.first?.line, line)
    XCTAssertTrue(captured.first?.description.contains("advance the test clock") ?? false)
  }
}
