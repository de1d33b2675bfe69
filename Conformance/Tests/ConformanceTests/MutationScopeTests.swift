import Foundation
import TestSupport
import Testing

/// `scripts/mutation`'s judgement of what a mutant can change and what an app runs, tried on
/// its own functions (no mutant is built): a wrong answer there would skew every app's strength.
@Suite(.scaledTimeLimit(minutes: 1))
struct MutationScopeTests {
  /// The repository's root, from this file's place in it.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// What the Python `expression` prints, with scripts/mutation loaded as `m`.
  private static func evaluate(_ expression: String) async throws -> String {
    let program = """
      import importlib.machinery, importlib.util, os
      os.chdir(\(String(reflecting: root.path)))
      loader = importlib.machinery.SourceFileLoader("m", "scripts/mutation")
      m = importlib.util.module_from_spec(importlib.util.spec_from_loader("m", loader))
      loader.exec_module(m)
      print(\(expression))
      """
    let run = try await ScriptRun.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", program], standardError: false)
    return run.output.trimmingCharacters(in: .newlines)
  }

  /// Every mutant the operators make of `lines` (a file's lines), as a Python list's repr.
  private static func mutants(of lines: [String]) async throws -> String {
    let list = "[" + lines.map { String(reflecting: $0) }.joined(separator: ", ") + "]"
    return try await evaluate(
      "[t for i in range(len(\(list))) for t, _ in m.line_mutants(\(list), "
        + "m.masked_lines(\(list)), i)]")
  }

  @Test func aModifierAVarAnImportAConformanceOrACaptureListIsNeverMutated() async throws {
    // Such mutants compile to the same program, or do not compile: the operators leave them.
    for line in [
      "  private let path: String", "  public var video: Bool", "import LoopRecording",
      "struct A: Hashable, Codable {", "      effect: { [weather, catalog] id in",
    ] {
      #expect(try await Self.mutants(of: [line]) == "[]", "\(line)")
    }
  }

  @Test func operatorsChangeCodeAndNeverAStringOrAComment() async throws {
    #expect(
      try await Self.mutants(of: ["    if a < b {"])
        == "['    if a <= b {', '    if a >= b {']")
    #expect(
      try await Self.mutants(of: ["    let x = a < b  // a < b"])
        == "['    let x = a <= b  // a < b', '    let x = a >= b  // a < b']")
    #expect(try await Self.mutants(of: ["    let s = \"a < b && 1\""]) == "[]")
    #expect(
      try await Self.mutants(of: ["    guard items.count > 1 else { return nil }"])
        == "['    guard items.count >= 1 else { return nil }', "
        + "'    guard items.count <= 1 else { return nil }', "
        + "'    guard items.count > 2 else { return nil }', "
        + "'    guard items.count > 0 else { return nil }']")
    #expect(
      try await Self.mutants(of: ["    state.items.append(item)"])
        == "['    /*state.items.append(item)*/']")
  }

  @Test func aScoreIsPrintedWithItsNinetyPercentWilsonInterval() async throws {
    #expect(
      try await Self.evaluate("m.score_text(26, 30)")
        == "87% (26 of 30 killed, 90% interval 73–94%)")
    #expect(
      try await Self.evaluate("m.score_text(1, 1)") == "100% (1 of 1 killed, 90% interval 27–100%)")
    #expect(try await Self.evaluate("m.wilson(0, 0)") == "None")
  }

  @Test func anEquivalentMutantIsFoundByItsTextWhateverItsLine() async throws {
    let declarations = """
      m.Declarations.parse("A/Sources/M/F.swift:12: if a <= b {  # the reason\\n")
      """
    #expect(
      try await Self.evaluate(
        declarations + ".reason(m.Mutant('A/Sources/M/F.swift', 40, 'if a < b {', "
          + "'  if a  <=  b {', 'relational'))") == "the reason")
    #expect(
      try await Self.evaluate(
        declarations + ".reason(m.Mutant('A/Sources/M/G.swift', 12, 'if a < b {', "
          + "'if a <= b {', 'relational'))") == "None")
    #expect(
      try await Self.evaluate(declarations + ".stale({'A/Sources/M/F.swift'}, [])")
        == "['A/Sources/M/F.swift:12: if a <= b {']")
  }

  @Test func theScriptsOwnSelfTestPasses() async throws {
    // The operators, the interval and the declarations on more lines than the tests above.
    #expect(
      try await Self.evaluate(
        "__import__('unittest').TextTestRunner(stream=open(os.devnull, 'w')).run("
          + "__import__('unittest').defaultTestLoader.loadTestsFromTestCase(m.SelfTest))"
          + ".wasSuccessful()") == "True")
  }

  @Test func aDeclarationAnAppNeverRunsCoversItsLinesAndNoOthers() async throws {
    // Apps/Movies/equivalent-mutants.txt declares FixtureCatalog's search unused by movies.
    let file = Self.root.appendingPathComponent(
      "Apps/Shared/Sources/MovieCatalog/Internal/FixtureCatalog.swift")
    let lines = try String(contentsOf: file, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    func number(of prefix: String) throws -> Int {
      try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) })
        + 1
    }
    let search = try number(of: "static func search(")
    let tidied = try number(of: "static func tidied(")
    let popular = try number(of: "static func popular(")
    let said = try await Self.evaluate(
      """
      sorted(m.unused_lines(m.Declarations.read("Apps/Movies/equivalent-mutants.txt").unused)[
        "Apps/Shared/Sources/MovieCatalog/Internal/FixtureCatalog.swift"])
      """.replacing("\n", with: ""))
    let unused = said.dropFirst().dropLast().split(separator: ",").compactMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    #expect(unused.contains(search) && unused.contains(tidied))
    #expect(!unused.contains(popular), "popular pages are what movies runs")
    #expect(!unused.contains(search - 1), "the line before search is not part of it")
  }
}
