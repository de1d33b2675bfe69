import Testing
import XCTest

/// Where a test helper was called from: failures are reported there, not in the library.
///
/// Public entry points take `#fileID`, `#filePath`, `#line` and `#column` defaults and pass
/// them down as one value, so a failure points at the line of the test that made the call.
struct CallSite: Sendable, CustomStringConvertible {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// `Module/File.swift:12`, as failures name a call.
  var description: String { "\(fileID):\(line)" }
}

/// Reports a test failure at `site`: to the task's ``FailureSink`` if one is bound, else to
/// whichever test framework is running the caller.
///
/// Swift Testing and XCTest do not forward each other's failures on Linux (an `Issue.record`
/// inside an `XCTestCase` passes silently, and the other way round), so the failure goes to
/// Swift Testing when a Swift Testing test is running on this task, and to XCTest otherwise.
///
/// Messages follow one shape: what was expected, what happened, and what to do about it.
func reportFailure(_ message: String, at site: CallSite) {
  if let sink = FailureSink.current {
    sink.record(message, fileID: "\(site.fileID)", line: Int(site.line))
  } else if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
        column: Int(site.column)))
  } else {
    XCTFail(message, file: site.filePath, line: site.line)
  }
}
