import Foundation
import TestSupport
import Testing

/// `scripts/api-check`, the public API's breakage check: it passes on this checkout against
/// the committed baselines, and fails on a deliberate break unless the next version may break.
@Suite(.scaledTimeLimit(minutes: 1))
struct APICheckTests {
  /// The repository's root, from this file's place in it.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The modules of the build this test runs in (`.build/.../debug/Modules`).
  private static let modules = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("Modules")

  /// Runs scripts/api-check with `arguments`: its exit status and what it printed.
  private static func check(_ arguments: [String]) async throws -> (
    status: Int32, output: String
  ) {
    let run = try await ScriptRun.run(
      root.appendingPathComponent("scripts/api-check"), ["--modules-dir", modules.path] + arguments)
    return (run.status, run.output)
  }

  /// The newest release CHANGELOG.md lists (`## [x.y.z]`), as its three numbers.
  private static func released() throws -> [Int] {
    let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let heading = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("## [0") || $0.hasPrefix("## [1") })
    let version = heading.dropFirst(4).prefix { $0 != "]" }
    return version.split(separator: ".").compactMap { Int($0) }
  }

  /// CHANGELOG.md with `version` as the next version.
  private static func changelog(nextVersion version: String) throws -> String {
    let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("Next version: ") ? "Next version: \(version)" : String(line)
    }.joined(separator: "\n")
  }

  @Test func theCommittedBaselinesMatchThisBuild() async throws {
    let (status, output) = try await Self.check([])
    #expect(status == 0, "\(output)")
    #expect(output.contains("api-check: 4 modules, no breaking change"), "\(output)")
  }

  @Test func aRemovedDeclarationFailsUnlessTheNextVersionMayBreak() async throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("api-check-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let baselines = scratch.appendingPathComponent("api")
    let written = try await Self.check(["--update", "--baseline-dir", baselines.path])
    try #require(written.status == 0, "\(written.output)")

    // The baseline of a version that had `Store.firstOld(where:)`: a copy of `first(where:)`.
    let loop = baselines.appendingPathComponent("Loop.json")
    var root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: loop)) as? [String: Any])
    var abi = try #require(root["ABIRoot"] as? [String: Any])
    var types = try #require(abi["children"] as? [[String: Any]])
    let store = try #require(types.firstIndex { $0["printedName"] as? String == "Store" })
    var members = try #require(types[store]["children"] as? [[String: Any]])
    var old = try #require(members.first { $0["printedName"] as? String == "first(where:)" })
    old["name"] = "firstOld"
    old["printedName"] = "firstOld(where:)"
    for key in ["usr", "mangledName"] {
      if let value = old[key] as? String { old[key] = value + "Old" }
    }
    members.append(old)
    types[store]["children"] = members
    abi["children"] = types
    root["ABIRoot"] = abi
    try JSONSerialization.data(withJSONObject: root).write(to: loop)

    // A patch release may not remove it...
    let last = try Self.released()
    try #require(last.count == 3 && last[0] == 0, "the newest release: \(last)")
    let (lastName, patchName) = ("0.\(last[1]).\(last[2])", "0.\(last[1]).\(last[2] + 1)")
    let patch = scratch.appendingPathComponent("CHANGELOG.md")
    try Self.changelog(nextVersion: patchName).write(to: patch, atomically: true, encoding: .utf8)
    let refused = try await Self.check([
      "--baseline-dir", baselines.path, "--changelog", patch.path,
    ])
    #expect(refused.status != 0)
    #expect(
      refused.output.contains("but the next version \(patchName) may not break \(lastName)"),
      "\(refused.output)")
    #expect(
      refused.output.contains("Loop: Func Store.firstOld(where:) has been removed"),
      "\(refused.output)")

    // ...a minor release before 1.0 may.
    let minorName = "0.\(last[1] + 1).0"
    let minor = scratch.appendingPathComponent("CHANGELOG-minor.md")
    try Self.changelog(nextVersion: minorName).write(to: minor, atomically: true, encoding: .utf8)
    let allowed = try await Self.check([
      "--baseline-dir", baselines.path, "--changelog", minor.path,
    ])
    #expect(allowed.status == 0, "\(allowed.output)")
    #expect(
      allowed.output.contains("allowed in \(minorName) after \(lastName)"), "\(allowed.output)")
  }
}
