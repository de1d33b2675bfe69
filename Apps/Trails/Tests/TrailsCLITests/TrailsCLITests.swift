import Foundation
import TestSupport
import Testing

/// End to end: the built `trails` executable, a database of its own per test.
@Suite(.scaledTimeLimit(minutes: 1))
struct TrailsCLITests {
  /// The JSON every app prints has snake_case keys (docs/ARCHITECTURE.md, "JSON output").
  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }()

  private let folder: TemporaryFolder
  private let database: String

  init() throws {
    folder = try TemporaryFolder("trails-cli")
    database = folder.path("plan.sqlite")
  }

  /// Runs trails on this test's database, forecasts from the fixtures.
  private func trails(_ arguments: String...) async throws -> TrailsRun {
    try await TrailsRun.run(arguments + ["--db", database, "--source", "fixtures"])
  }

  @Test func aTrailAddedInOneProcessIsInThePlanWhenTheNextOneReadsIt() async throws {
    let add = try await trails("plan", "add", "gull-point-loop", "--day", "1")
    #expect(add.status == 0)
    #expect(add.standardOutput == "added gull-point-loop to day 1 (2026-12-01)\n")
    #expect(add.standardError.isEmpty)

    let show = try await trails("plan")
    #expect(show.status == 0)
    #expect(show.standardOutput.contains("Day 1, 2026-12-01: 6.4 km, 120 m ascent"))
    #expect(show.standardOutput.contains("gull-point-loop"))
  }

  @Test func planJSONHasSnakeCaseKeysRoundedDistancesAndNullsForWhatIsUnknown() async throws {
    #expect(try await trails("plan", "add", "gull-point-loop").status == 0)
    #expect(try await trails("plan", "add", "cinder-corrie").status == 0)
    #expect(try await trails("plan", "add", "tidepool-steps", "--day", "2").status == 0)

    let show = try await trails("plan", "--json")
    #expect(show.status == 0)
    let text = show.standardOutput
    // Gull Point Loop 6.4 km and Cinder Corrie 9.7 km: 16.1, not 16.099999999999998.
    #expect(text.contains(#""distance_km" : 16.1"#), "\(text)")
    #expect(text.contains(#""estimated_time_seconds" : 15972"#))
    #expect(text.contains(#""ascent_m" : 730"#))
    #expect(!text.contains("distanceKm") && !text.contains("forecastError"))
    // Every trail entry has the same keys: a forecast, and `forecast_error` null beside it.
    let entries = text.components(separatedBy: #""forecast_error" : "#).count - 1
    #expect(entries == 3, "\(text)")
  }

  @Test func editsArePersistedWhenTheyFollowEachOther() async throws {
    #expect(try await trails("plan", "add", "gull-point-loop").status == 0)
    #expect(try await trails("plan", "add", "tidepool-steps", "--day", "2").status == 0)
    #expect(try await trails("plan", "move", "gull-point-loop", "--to-day", "3").status == 0)
    #expect(try await trails("plan", "date", "2026-12-02").status == 0)

    let show = try await trails("plan", "--json")
    #expect(show.status == 0)
    let plan = try Self.decoder.decode(Documents.Plan.self, from: Data(show.standardOutput.utf8))
    #expect(plan.start == "2026-12-02")
    #expect(plan.days.map(\.number) == [1, 2, 3])
    #expect(plan.days.map { $0.trails.map(\.id) } == [[], ["tidepool-steps"], ["gull-point-loop"]])
    #expect(plan.days.last?.date == "2026-12-04")
  }

  @Test func aMoveToTheDayTheTrailIsOnSaysSoAndChangesNothing() async throws {
    #expect(try await trails("plan", "add", "gull-point-loop").status == 0)
    let before = try await trails("plan", "--json").standardOutput

    let move = try await trails("plan", "move", "gull-point-loop", "--to-day", "1")
    #expect(move.status == 1)
    #expect(move.standardOutput.isEmpty)
    #expect(move.errorLines == ["error: gull-point-loop is already planned on day 1"])
    #expect(try await trails("plan", "--json").standardOutput == before)
  }

  @Test func theRegionsParseBackWhenPrintedAsJSON() async throws {
    let run = try await trails("regions", "--json")
    #expect(run.status == 0)
    let regions = try Self.decoder.decode(
      [Documents.RegionSummary].self, from: Data(run.standardOutput.utf8))
    #expect(regions.count == 5)
    #expect(regions.first?.id == "silver-coast")
    #expect(regions.first?.trailCount == 4)
  }

  @Test func aTrailLinkShowsTheTrailAndItsForecastWhenOpened() async throws {
    let run = try await TrailsRun.run(["open", "trails://trail/gull-point-loop", "--db", database])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("Gull Point Loop (gull-point-loop)\n"))
    #expect(run.standardOutput.contains("  2026-12-01  rain, 6.1 to 11.2 °C, 4.2 mm\n"))
    // No source asked for: one notice line says the forecasts are the fixtures'.
    #expect(run.errorLines.count == 1)
    #expect(run.standardError == "trails: offline fixtures; pass --source live for Open-Meteo\n")
  }

  @Test func aMalformedDeepLinkIsABadArgumentWithExitStatus2() async throws {
    let run = try await trails("open", "trails:/trail/gull-point-loop")
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.errorLines == [
        "error: 'trails:/trail/gull-point-loop' is not a trails link (expected "
          + "trails://region/<id>, trails://trail/<id> or trails://plan)",
        "usage: trails open [options] <link>",
      ])
  }

  @Test(arguments: [
    ["plan", "add", "gull-point-loop", "--day", "0"],
    ["plan", "add", "gull-point-loop", "--day", "15"],
    ["plan", "move", "gull-point-loop", "--to-day", "0"],
    ["plan", "add", "gull-point-loop", "--day", "99999999999999999999"],
  ])
  func aDayOutsideThePlanIsABadArgumentWithExitStatus2(_ arguments: [String]) async throws {
    let run = try await TrailsRun.run(arguments + ["--db", database])
    #expect(run.status == 2)
    #expect(
      run.errorLines.first?.hasSuffix("expects a day from 1 to 14, got '\(arguments.last ?? "")'")
        == true)
  }

  @Test(arguments: [
    ("trail", "gull-pont-loop", "gull-point-loop"), ("trail", "tidepool", "tidepool-steps"),
    ("region", "silver-coats", "silver-coast"),
  ])
  func anIdNearAKnownOneSuggestsIt(_ command: String, _ id: String, _ meant: String)
    async throws
  {
    let run = try await TrailsRun.run([command, id, "--db", database])
    #expect(run.status == 1)
    #expect(
      run.errorLines.first?.hasSuffix("(did you mean '\(meant)'?)") == true, "\(run.errorLines)")
  }

  @Test func helpBeforeASubcommandIsItsHelp() async throws {
    let help = try await trails("help", "plan", "add")
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: trails plan add [options] <trail>"))
    let unknown = try await trails("help", "plam")
    #expect(unknown.status == 2)
    #expect(unknown.errorLines.first == "error: unknown command 'plam' (did you mean 'plan'?)")
  }

  @Test(arguments: [["plan", "add", "atlantis-walk"], ["trail", "atlantis-walk"]])
  func anUnknownTrailIsAnErrorWhenNamed(_ arguments: [String]) async throws {
    let run = try await TrailsRun.run(arguments + ["--db", database, "--source", "fixtures"])
    #expect(run.status == 1)
    #expect(run.errorLines == ["error: there is no trail 'atlantis-walk'"])
  }

  @Test func theSameTrailTwiceOnOneDayIsRefusedWhenAdded() async throws {
    #expect(try await trails("plan", "add", "gull-point-loop").status == 0)
    let again = try await trails("plan", "add", "gull-point-loop", "--day", "1")
    #expect(again.status == 1)
    #expect(again.errorLines == ["error: gull-point-loop is already planned on day 1"])
  }

  @Test func aFileThatIsNotADatabaseIsLeftUntouchedWhenPassedAsDB() async throws {
    let bytes = Data("my holiday notes, not a database\n".utf8)
    try bytes.write(to: URL(fileURLWithPath: database))

    let run = try await trails("plan", "add", "gull-point-loop")

    #expect(run.status == 1)
    #expect(run.errorLines.count == 1)
    #expect(run.standardError.contains("is not a trails database"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
  }

  @Test(arguments: [
    ["plan", "add"], ["plan", "add", "gull-point-loop", "--day", "x"],
    ["plan", "move", "gull-point-loop"], ["plan", "date", "tomorrow"], ["hike"],
    ["regions", "--source", "web"], ["regions", "--api-base", "nowhere"], [],
  ])
  func aUsageErrorExitsWithStatus2(_ arguments: [String]) async throws {
    let run = try await TrailsRun.run(arguments + ["--db", database])
    #expect(run.status == 2)
    #expect(run.errorLines.first?.hasPrefix("error: ") == true)
    #expect(run.errorLines.last?.hasPrefix("usage: trails") == true)
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func helpAndVersionPrintAndExitWithStatus0() async throws {
    let help = try await TrailsRun.run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("SUBCOMMANDS:"))
    let version = try await TrailsRun.run(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "trails 1.0.0\n")
  }

  @Test func everyEditOfTenProcessesStartedTogetherIsInThePlan() async throws {
    // 10 processes, 3 edits each: edit k (0..<30) plans trail k % 19 on day k / 19 + 1, so no
    // two edits collide, and the plan must end with all 30 entries.
    let trailIDs = [
      "gull-point-loop", "driftwood-headland", "tidepool-steps", "lantern-cliffs-traverse",
      "cinder-corrie", "red-scar-ridge", "heather-burn-walk", "lavender-terraces",
      "windmill-crest", "gorge-of-echoes", "olive-press-path", "larch-meadow-circuit",
      "frostpine-saddle", "glacier-view-balcony", "hermits-chapel-climb", "summit-of-crows",
      "fern-gully-track", "kauri-giants-walk", "sound-lookout-ridge",
    ]
    let database = database
    let runs = try await withThrowingTaskGroup(of: [TrailsRun].self) { group in
      for process in 0..<10 {
        group.addTask {
          var runs: [TrailsRun] = []
          for edit in 0..<3 {
            let k = process * 3 + edit
            runs.append(
              try await TrailsRun.run([
                "plan", "add", trailIDs[k % 19], "--day", "\(k / 19 + 1)", "--db", database,
              ]))
          }
          return runs
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.standardError))")

    let show = try await trails("plan", "--json")
    let plan = try Self.decoder.decode(Documents.Plan.self, from: Data(show.standardOutput.utf8))
    let entries = plan.days.flatMap { day in day.trails.map { "\(day.number) \($0.id)" } }
    let expected = (0..<30).map { "\($0 / 19 + 1) \(trailIDs[$0 % 19])" }
    #expect(entries.sorted() == expected.sorted())
  }

  @Test func commandsThatOnlyReadCreateNothingWhenTheDatabaseIsMissing() async throws {
    for arguments in [
      ["regions"], ["region", "silver-coast"], ["plan"], ["open", "trails://plan"],
    ] {
      let run = try await TrailsRun.run(arguments + ["--db", database, "--source", "fixtures"])
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: database))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test func commandsThatOnlyReadLeaveTheDatabaseByteForByte() async throws {
    #expect(try await trails("plan", "add", "gull-point-loop").status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
    for arguments in [["regions"], ["trail", "gull-point-loop"], ["plan"], ["plan", "--json"]] {
      let run = try await TrailsRun.run(arguments + ["--db", database, "--source", "fixtures"])
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
  }

  @Test func aDirectoryAsTheDatabaseIsOneLineNamingIt() async throws {
    let run = try await TrailsRun.run(["plan", "add", "gull-point-loop", "--db", folder.url.path])
    #expect(run.status == 1)
    #expect(run.errorLines.count == 1, "\(run.standardError)")
    #expect(run.standardError.contains(folder.url.path))
    #expect(run.standardError.contains("directory"))
  }
}
