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
  private static func evaluate(_ expression: String) throws -> String {
    let program = """
      import importlib.machinery, importlib.util, os
      os.chdir(\(String(reflecting: root.path)))
      loader = importlib.machinery.SourceFileLoader("m", "scripts/mutation")
      m = importlib.util.module_from_spec(importlib.util.spec_from_loader("m", loader))
      loader.exec_module(m)
      print(\(expression))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", program]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  @Test func onlyAModifierAVarAnImportOrAnOrderOfConformancesOrCapturesIsNoChange() throws {
    let cases: [(original: String, mutated: String, noChange: Bool)] = [
      ("private let path: String", "let path: String", true),
      ("public var video: Bool", "public let video: Bool", true),
      ("struct A: Hashable, Codable {", "struct A: Codable , Hashable {", true),
      ("struct A: Hashable, Codable {", "struct A: Hashable {", false),
      ("let x = a < b", "let x = a <= b", false),
      ("private let limit = 5", "private let limit = 6", false),
      ("import LoopRecording", "/*import LoopRecording*/", true),
      ("effect: { [weather, catalog] id in", "effect: {  [ catalog,weather] id in", true),
      ("effect: { [weather, catalog] id in", "effect: { [weather] id in", false),
      ("effect: { [weather, catalog] id in", "effect: { [weather, catalog] _ in", false),
    ]
    for (original, mutated, expected) in cases {
      let said = try Self.evaluate(
        "m.no_change(\(String(reflecting: original)), \(String(reflecting: mutated)))")
      #expect(said == (expected ? "True" : "False"), "\(original) -> \(mutated)")
    }
  }

  @Test func aDeclarationAnAppNeverRunsCoversItsLinesAndNoOthers() throws {
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
    let said = try Self.evaluate(
      """
      sorted(m.unused_lines(m.declared("Apps/Movies")[1])[
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
