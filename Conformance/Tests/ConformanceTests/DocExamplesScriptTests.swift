import Foundation
import TestSupport
import Testing

/// `scripts/doc-examples`, which copies every code example of the doc comments and docs/ into
/// the test build: on a copy of the repository, the check passes as committed, fails naming
/// the stale file when a comment's example changes, and the copy it then writes holds the new
/// example under its origin.
@Suite(.scaledTimeLimit(minutes: 1))
struct DocExamplesScriptTests {
  /// The repository's root, from this file's place in it.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// What the script reads and writes, copied into `scratch`.
  private static func copy(to scratch: URL) throws {
    let files = FileManager.default
    try files.createDirectory(
      at: scratch.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    for item in ["Runtime", "Apps", "Conformance", "Templates", "docs", "README.md"] {
      try files.copyItem(
        at: root.appendingPathComponent(item), to: scratch.appendingPathComponent(item))
    }
    try files.copyItem(
      at: root.appendingPathComponent("scripts/doc-examples"),
      to: scratch.appendingPathComponent("scripts/doc-examples"))
  }

  /// Runs the copy's script with `arguments`: its exit status and what it printed.
  private static func run(in scratch: URL, _ arguments: [String]) async throws -> ScriptRun {
    try await ScriptRun.run(scratch.appendingPathComponent("scripts/doc-examples"), arguments)
  }

  /// Replaces `old` with `new` in the file at `path` under `scratch`, which must hold it once.
  private static func patch(_ path: String, in scratch: URL, _ old: String, _ new: String) throws {
    let file = scratch.appendingPathComponent(path)
    let text = try String(contentsOf: file, encoding: .utf8)
    try #require(text.components(separatedBy: old).count == 2, "\(path) holds \(old) once")
    try text.replacingOccurrences(of: old, with: new).write(
      to: file, atomically: true, encoding: .utf8)
  }

  @Test func theCopiesAreCurrentAndAChangedExampleMakesItsFileStaleThenCopiedUnderItsOrigin()
    async throws
  {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("doc-examples-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try Self.copy(to: scratch)

    let committed = try await Self.run(in: scratch, ["--check"])
    #expect(committed.status == 0, "\(committed.output)")
    #expect(committed.output.hasSuffix("files, up to date\n"), "\(committed.output)")

    // An example that shows an API the store does not have, as Store's once did.
    try Self.patch(
      "Runtime/Sources/Loop/Store.swift", in: scratch,
      #"let answer = await store.first { $0.query == "swift" && !$0.movies.isEmpty }"#,
      "let answer = await store.first { $0.isSettled }")
    // And a page gains an example.
    try Self.patch(
      "docs/TESTING.md", in: scratch, "\n## Two tiers\n",
      "\n```swift\nlet clock = TestClock()\n```\n\n## Two tiers\n")

    let stale = try await Self.run(in: scratch, ["--check"])
    #expect(stale.status == 1, "\(stale.output)")
    #expect(
      stale.output.contains(
        "doc-examples: out of date: Runtime/Tests/DocExamplesTests/Generated/Loop.swift, "
          + "Runtime/Tests/DocPageExamplesTests/Generated/Pages.swift; run scripts/doc-examples"),
      "\(stale.output)")

    let rewritten = try await Self.run(in: scratch, [])
    #expect(rewritten.status == 0, "\(rewritten.output)")
    let loop = try String(
      contentsOf: scratch.appendingPathComponent(
        "Runtime/Tests/DocExamplesTests/Generated/Loop.swift"), encoding: .utf8)
    #expect(
      loop.contains(
        """
          func example2() async throws {
            store.send(.textChanged("swift"))
            let answer = await store.first { $0.isSettled }
            _ = (answer)
          }
        """), "\(loop)")
    #expect(loop.contains("  /// Runtime/Sources/Loop/Store.swift:"))
    let pages = try String(
      contentsOf: scratch.appendingPathComponent(
        "Runtime/Tests/DocPageExamplesTests/Generated/Pages.swift"), encoding: .utf8)
    #expect(pages.contains("struct DocsTESTINGExamples {}"), "\(pages)")
    #expect(pages.contains("    let clock = TestClock()\n    _ = (clock)\n"), "\(pages)")

    let after = try await Self.run(in: scratch, ["--check"])
    #expect(after.status == 0, "\(after.output)")
  }
}
