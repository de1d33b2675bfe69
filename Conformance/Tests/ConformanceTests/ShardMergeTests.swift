import ConformanceSuite
import Foundation
import TestSupport
import Testing

@testable import LoopContracts

/// `--shard K/N` and `merge`: the shards of a run, merged, give the run's reports.
// Several runs of every registered contract, which make tsan's instrumented build slows down.
@Suite(.scaledTimeLimit(minutes: 5))
struct ShardMergeTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every registered contract on a shallow exploration, and the bundled recordings.
  private static let runner = ContractRunner(
    options: .init(exploration: .init(depth: 2, randomWalks: 20, walkLength: 20), workers: 2))
  private static let recordings = ConformanceRecordings.files(
    in: root.appendingPathComponent("Fixtures/recordings").path, for: registeredContracts)

  private static func run(_ shard: Shard) async -> ConformanceRun {
    await ConformanceRun.run(
      registeredContracts, with: runner, recordings: recordings, shard: shard)
  }

  /// The three reports of `run` with what changes from run to run (times, speeds) taken out.
  private static func reports(_ run: ConformanceRun) -> [String] {
    let json = JSONReport.render(run)
      .replacing(#/"(duration_seconds|steps_per_second)" : [0-9.e+-]+/#, with: "\"time\" : _")
    let junit = JUnitReport.render(run).replacing(#/time="[0-9.e+-]+"/#, with: "time=\"_\"")
    let text = TextReport(useColor: false).render(run)
      .replacing(#/[0-9.]+k? steps/s/#, with: "_ steps/s")
      .replacing(#/[0-9]+\.[0-9]+ s\b/#, with: "_ s")
      .replacing(#/ +/#, with: " ")  // a column is as wide as its widest time or speed
    return [json, junit, text]
  }

  @Test func theShardsOfOneToThreePartsMergeIntoTheWholeRunsReports() async throws {
    let whole = await Self.run(.whole)
    #expect(whole.reports.count == registeredContracts.count)
    #expect(!whole.replays.isEmpty, "no bundled recordings found under Fixtures/recordings")
    let expected = Self.reports(whole)
    for count in 1...3 {
      var parts: [ConformanceRun] = []
      for index in 1...count {
        let part = count == 1 ? whole : await Self.run(try #require(Shard(index, of: count)))
        // Each part goes through its JSON report, as the shards' files do.
        parts.append(try JSONReport.read(Data(JSONReport.render(part).utf8), path: "part"))
      }
      let sizes = parts.map { $0.reports.count + $0.replays.count }
      #expect(sizes.max()! - sizes.min()! <= 1, "\(count) shards share the work as \(sizes)")
      let merged = try ConformanceRun.merge(parts.reversed())
      let actual = Self.reports(merged)
      for (format, pair) in zip(["JSON", "JUnit", "text"], zip(actual, expected)) {
        #expect(pair.0 == pair.1, "the \(format) report of \(count) merged shards differs")
      }
    }
  }

  @Test func withMachineMutantsEachMutantIsAUnitAndTheMergeJoinsThemToTheirContract()
    async throws
  {
    let contracts = registeredContracts.filter { ["movies", "template"].contains($0.name) }
    // The default exploration: the contracts pass, so their mutants run.
    let runner = ContractRunner(options: .init(mutate: true, workers: 2))
    let whole = await ConformanceRun.run(contracts, with: runner)
    let mutants = whole.reports.compactMap(\.machineMutants).map(\.mutants.count)
    #expect(mutants.count == 2 && mutants.allSatisfy { $0 > 0 }, "\(mutants)")
    let expected = Self.reports(whole)
    for count in 2...3 {
      var parts: [ConformanceRun] = []
      for index in 1...count {
        let part = await ConformanceRun.run(
          contracts, with: runner, shard: try #require(Shard(index, of: count)))
        parts.append(try JSONReport.read(Data(JSONReport.render(part).utf8), path: "part"))
      }
      // Every shard has mutants to run: the contracts' mutants are spread, not kept whole.
      #expect(parts.allSatisfy { !$0.verdicts.isEmpty }, "\(parts.map(\.verdicts.count))")
      let actual = Self.reports(try ConformanceRun.merge(parts))
      for (format, pair) in zip(["JSON", "JUnit", "text"], zip(actual, expected)) {
        #expect(pair.0 == pair.1, "the \(format) report of \(count) merged shards differs")
      }
    }
  }

  @Test func aJSONReportReadsBackAsTheRunItWasWrittenFrom() async throws {
    let run = await Self.run(try #require(Shard(2, of: 2)))
    let read = try JSONReport.read(Data(JSONReport.render(run).utf8), path: "report.json")
    #expect(read.reports == run.reports)
    #expect(read.replays == run.replays)
    #expect(read.shard == run.shard && read.settings == run.settings)
    #expect(read.durationSeconds == run.durationSeconds)
  }

  @Test func theJSONReportHasSnakeCaseKeysAndAFormatVersion() throws {
    var report = ContractReport(contract: "dial")
    report.exploration.statesExplored = 3
    let json = JSONReport.render(ConformanceRun(reports: [report], durationSeconds: 1))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["format_version"] as? Int == 2)
    #expect(object["duration_seconds"] as? Double == 1)
    let contracts = try #require(object["contracts"] as? [[String: Any]])
    let exploration = try #require(contracts.first?["exploration"] as? [String: Any])
    #expect(exploration["states_explored"] as? Int == 3)
    #expect(json.firstMatch(of: #/"[a-z_0-9]*[A-Z][A-Za-z_0-9]*" :/#) == nil, "\(json)")
  }

  @Test func mergeRefusesPartsThatAreNotTheShardsOfOneRun() throws {
    let plan = ConformanceRun.Plan(
      contracts: ["c1", "c2"], machineMutants: [0, 2], recordings: ["r.jsonl"])
    func part(
      _ index: Int, of count: Int, seed: UInt64 = 1, plan: ConformanceRun.Plan = plan,
      contracts: [String] = [], mutants: [Int] = [], replays: [String] = []
    ) throws -> ConformanceRun {
      let reports = contracts.map { name in
        var report = ContractReport(contract: name)
        if name == "c2" { report.machineMutants = MachineMutantReport() }
        return report
      }
      return ConformanceRun(
        reports: reports,
        replays: replays.map { ReplayReport(path: $0, steps: 1, failure: nil) },
        durationSeconds: 1, shard: try #require(Shard(index, of: count)),
        settings: .init(.init(exploration: .init(seed: seed))), plan: plan,
        verdicts: mutants.map {
          .init(
            contract: "c2", mutant: $0, result: MutantResult(mutant: "m\($0)"), durationSeconds: 0)
        })
    }
    let cases: [([ConformanceRun], String)] = [
      ([], "no shard reports to merge"),
      ([try part(1, of: 3), try part(3, of: 3)], "shard 2/3 is missing"),
      ([try part(1, of: 2), try part(1, of: 2), try part(2, of: 2)], "shard 1/2 is given 2 times"),
      (
        [try part(1, of: 2), try part(1, of: 3)],
        "shard 1/3 is of a run in 3 parts, shard 1/2 of one in 2"
      ),
      (
        [try part(1, of: 2), try part(2, of: 2, seed: 7)],
        "shard 1/2 ran with --seed 1 --depth 6 (10000000 states, 200 walks of 40), shard 2/2 with "
          + "--seed 7 --depth 6 (10000000 states, 200 walks of 40): give every shard the same "
          + "options"
      ),
      (
        [
          try part(1, of: 2),
          try part(2, of: 2, plan: .init(contracts: ["c1"], machineMutants: [0], recordings: [])),
        ],
        "shards 1/2 and 2/2 planned different work (contracts, mutants or recordings): the "
          + "shards are not of one run"
      ),
      (
        [
          try part(1, of: 2, contracts: ["c1", "c2"], mutants: [0]),
          try part(2, of: 2, mutants: [0]),
        ],
        "two shards hold mutant 0 of c2"
      ),
      (
        [try part(1, of: 2, contracts: ["c1", "c2"], mutants: [0]), try part(2, of: 2)],
        "no shard holds mutant 1 of c2"
      ),
      (
        [try part(1, of: 2, contracts: ["c2"]), try part(2, of: 2)],
        "no shard holds the checks of c1"
      ),
      (
        [try part(1, of: 2, contracts: ["c1", "c2"], mutants: [0, 1]), try part(2, of: 2)],
        "no shard holds the replay of r.jsonl"
      ),
    ]
    for (parts, message) in cases {
      #expect(throws: MergeError(message)) { try ConformanceRun.merge(parts) }
    }
    let whole = try ConformanceRun.merge([
      try part(2, of: 2, contracts: ["c2"], mutants: [1], replays: ["r.jsonl"]),
      try part(1, of: 2, contracts: ["c1"], mutants: [0]),
    ])
    #expect(whole.reports.map(\.contract) == ["c1", "c2"])
    #expect(whole.reports[1].machineMutants?.mutants.map(\.mutant) == ["m0", "m1"])
    #expect(whole.replays.map(\.path) == ["r.jsonl"] && whole.verdicts.isEmpty)
  }

  @Test func aShardIsReadAsKOfN() {
    #expect(Shard(parsing: "2/3") == Shard(2, of: 3))
    #expect(Shard(parsing: "1/1") == .whole)
    for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3", ""] {
      #expect(Shard(parsing: bad) == nil, "\(bad)")
    }
    #expect(Shard(2, of: 3)?.part(of: Array(0..<8)) == [1, 4, 7])
  }

  @Test func aReportOfAnotherVersionOrNotAReportIsRefusedByName() {
    let old = Data(#"{"contracts": [], "durationSeconds": 1, "passed": 0, "failed": 0}"#.utf8)
    #expect(
      throws: JSONReport.ReadError(
        description: "old.json: a conformance JSON report of format_version 1 (none written); "
          + "this conformance reads 2: run the shards and the merge with one build")
    ) { try JSONReport.read(old, path: "old.json") }
    #expect(throws: JSONReport.ReadError.self) {
      try JSONReport.read(Data("not json".utf8), path: "x.json")
    }
  }
}

/// The command line: `--shard K/N --format json --output FILE`, then `merge FILES...`.
struct ShardCommandTests {
  @Test func theShardsFilesMergeIntoTheRunsSummaryAndBadPartsAreRefusedByName() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shards-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = (1...2).map { folder.appendingPathComponent("shard-\($0).json").path }
    let options = ["--app", "template", "--depth", "2", "--recordings", folder.path]
    for (index, file) in files.enumerated() {
      let shard = try await CommandRun.run(
        "conformance",
        options + ["--shard", "\(index + 1)/2", "--format", "json", "--output", file])
      #expect(shard.status == 0, "\(shard.stderr)")
    }
    let whole = try await CommandRun.run("conformance", options)
    let merged = try await CommandRun.run("conformance", ["merge", files[1], files[0]])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout.split(separator: "\n").last == whole.stdout.split(separator: "\n").last)
    #expect(merged.stdout.contains("template "))

    let missing = try await CommandRun.run("conformance", ["merge", files[0]])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot merge: shard 2/2 is missing"), "\(missing.stderr)")
    let runOption = try await CommandRun.run("conformance", ["merge", "--depth", "3", files[0]])
    #expect(runOption.status == 2)
    #expect(runOption.stderr.contains("unknown option '--depth'"), "\(runOption.stderr)")
    let help = try await CommandRun.run("conformance", ["merge", "--help"])
    #expect(help.stdout.contains("--min-machine-kills") && !help.stdout.contains("--seed"))
    // These shards ran without --mutate: there are no machine mutants to judge.
    let noMutants = try await CommandRun.run(
      "conformance", ["merge", "--min-machine-kills", "100"] + files)
    #expect(noMutants.status == 2)
    #expect(
      noMutants.stderrLines.first
        == "error: --min-machine-kills judges machine mutants, and these shards ran without "
        + "--mutate")
    let badShard = try await CommandRun.run("conformance", ["--shard", "3/2"])
    #expect(badShard.status == 2)
    #expect(badShard.stderr.contains("--shard takes K/N, part K (from 1) of N, got '3/2'"))
    let kills = try await CommandRun.run(
      "conformance", ["--shard", "1/2", "--mutate", "--min-machine-kills", "100"])
    #expect(kills.status == 2)
    #expect(
      kills.stderr.contains("--min-machine-kills judges the whole run: give it to merge"),
      "\(kills.stderr)")
    let none = try await CommandRun.run("conformance", ["merge"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("missing argument <report>"), "\(none.stderr)")
  }
}
