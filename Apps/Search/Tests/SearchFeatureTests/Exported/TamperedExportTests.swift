import Testing

/// The export of a tampered recording fails where the recording was tampered with, and there
/// only.
///
/// `TamperedStarWarsTwiceTests.swift` is `conformance export-test` of star-wars-twice.json with
/// its step 4's state edited ("STAR" where the reducer makes "star"), without its `@Test`:
/// `TestExportTests` in the conformance tests checks it is the export.
struct TamperedExportTests {
  @Test func theExportOfATamperedRecordingFailsAtTheTamperedStepsLine() async throws {
    let source = try String(
      contentsOfFile: #filePath.replacingOccurrences(
        of: "TamperedExportTests.swift", with: "TamperedStarWarsTwiceTests.swift"),
      encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let step4 = try #require(lines.firstIndex { $0.contains("// Step 4,") })
    // The send of step 4 is two lines below its comment (the clock's advance between).
    let sendLine = step4 + 3
    #expect(lines[sendLine - 1].contains("await store.send(.textChanged(\"star\"))"))
    await withKnownIssue {
      // The recording decodes: a throw would be an issue of this file's, which fails the match.
      do { try await TamperedStarWarsTwiceTests().replaysAsRecorded() } catch {
        Issue.record(error)
      }
    } matching: { issue in
      issue.sourceLocation?.fileName == "TamperedStarWarsTwiceTests.swift"
        && issue.sourceLocation?.line == sendLine
    }
  }
}
