import Foundation
import Testing

/// End to end: the built `trails` executable, a database of its own per test.
@Suite(.timeLimit(.minutes(1)))
struct TrailsCLITests {
  private let folder: TemporaryFolder
  private let database: String

  init() throws {
    folder = try TemporaryFolder()
    database = folder.path("plan.sqlite")
  }

  /// Runs trails on this test's database, forecasts from the fixtures.
  private func trails(_ arguments: String...) throws -> TrailsRun {
    try TrailsRun.run(arguments + ["--db", database, "--source", "fixtures"])
  }

  @Test func aTrailAddedInOneProcessIsInThePlanWhenTheNextOneReadsIt() throws {
    let add = try trails("plan", "add", "gull-point-loop", "--day", "1")
    #expect(add.status == 0)
    #expect(add.standardOutput == "added gull-point-loop to day 1 (2026-12-01)\n")
    #expect(add.standardError.isEmpty)

    let show = try trails("plan")
    #expect(show.status == 0)
    #expect(show.standardOutput.contains("Day 1, 2026-12-01: 6.4 km, 120 m ascent"))
    #expect(show.standardOutput.contains("gull-point-loop"))
  }

  @Test func editsArePersistedWhenTheyFollowEachOther() throws {
    #expect(try trails("plan", "add", "gull-point-loop").status == 0)
    #expect(try trails("plan", "add", "tidepool-steps", "--day", "2").status == 0)
    #expect(try trails("plan", "move", "gull-point-loop", "--to-day", "3").status == 0)
    #expect(try trails("plan", "date", "2026-12-02").status == 0)

    let show = try trails("plan", "--json")
    #expect(show.status == 0)
    let plan = try JSONDecoder().decode(Documents.Plan.self, from: Data(show.standardOutput.utf8))
    #expect(plan.start == "2026-12-02")
    #expect(plan.days.map(\.number) == [1, 2, 3])
    #expect(plan.days.map { $0.trails.map(\.id) } == [[], ["tidepool-steps"], ["gull-point-loop"]])
    #expect(plan.days.last?.date == "2026-12-04")
  }

  @Test func theRegionsParseBackWhenPrintedAsJSON() throws {
    let run = try trails("regions", "--json")
    #expect(run.status == 0)
    let regions = try JSONDecoder().decode(
      [Documents.RegionSummary].self, from: Data(run.standardOutput.utf8))
    #expect(regions.count == 5)
    #expect(regions.first?.id == "silver-coast")
    #expect(regions.first?.trailCount == 4)
  }

  @Test func aTrailLinkShowsTheTrailAndItsForecastWhenOpened() throws {
    let run = try TrailsRun.run(["open", "trails://trail/gull-point-loop", "--db", database])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("Gull Point Loop (gull-point-loop)\n"))
    #expect(run.standardOutput.contains("  2026-12-01  rain, 6.1 to 11.2 °C, 4.2 mm\n"))
    // No source asked for: one notice line says the forecasts are the fixtures'.
    #expect(run.errorLines.count == 1)
    #expect(run.standardError.hasPrefix("trails: offline:"))
  }

  @Test func aBadDeepLinkIsOneLineAndExitStatus1() throws {
    let run = try trails("open", "trails:/trail/gull-point-loop")
    #expect(run.status == 1)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.errorLines == [
        "error: 'trails:/trail/gull-point-loop' is not a trails link (expected "
          + "trails://region/<id>, trails://trail/<id> or trails://plan)"
      ])
  }

  @Test(arguments: [["plan", "add", "atlantis-walk"], ["trail", "atlantis-walk"]])
  func anUnknownTrailIsAnErrorWhenNamed(_ arguments: [String]) throws {
    let run = try TrailsRun.run(arguments + ["--db", database, "--source", "fixtures"])
    #expect(run.status == 1)
    #expect(run.errorLines == ["error: there is no trail 'atlantis-walk'"])
  }

  @Test func theSameTrailTwiceOnOneDayIsRefusedWhenAdded() throws {
    #expect(try trails("plan", "add", "gull-point-loop").status == 0)
    let again = try trails("plan", "add", "gull-point-loop", "--day", "1")
    #expect(again.status == 1)
    #expect(again.errorLines == ["error: gull-point-loop is already planned on day 1"])
  }

  @Test func aFileThatIsNotADatabaseIsLeftUntouchedWhenPassedAsDB() throws {
    let bytes = Data("my holiday notes, not a database\n".utf8)
    try bytes.write(to: URL(fileURLWithPath: database))

    let run = try trails("plan", "add", "gull-point-loop")

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
  func aUsageErrorExitsWithStatus2(_ arguments: [String]) throws {
    let run = try TrailsRun.run(arguments + ["--db", database])
    #expect(run.status == 2)
    #expect(run.errorLines.first?.hasPrefix("error: ") == true)
    #expect(run.errorLines.last?.hasPrefix("usage: trails") == true)
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func helpAndVersionPrintAndExitWithStatus0() throws {
    let help = try TrailsRun.run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("SUBCOMMANDS:"))
    let version = try TrailsRun.run(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "trails 1.0.0\n")
  }
}
