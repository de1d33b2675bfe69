import TestSupport
import Testing

/// `conformance --schedules N` and `--schedule S`, run as a user runs them: each scenario
/// under N schedules with the runs and trajectories reported, one schedule replayed, and bad
/// values refused as usage errors.
@Suite(.scaledTimeLimit(minutes: 1))
struct ScheduleOptionTests {
  @Test func eachScenarioRunsUnderNSchedulesAndTheReportCountsThem() async throws {
    let run = try await CommandRun.run("conformance", ["--app", "template", "--schedules", "3"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "schedules (conformance --schedules N): scenario runs, distinct trajectories\n"
          + "  template: 9 runs of 3 scenarios, 3 distinct trajectories\n"),
      "\(run.stdout)")
    #expect(run.stdout.hasSuffix("conformance: 11 passed, 0 failed\n"))
  }

  @Test func oneScheduleReplaysAndOneRunPrintsNoScheduleSection() async throws {
    let replay = try await CommandRun.run(
      "conformance", ["--app", "template", "--schedule", "random-7/1.0.1"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(!replay.stdout.contains("schedules (conformance"))
    #expect(replay.stdout.hasSuffix("conformance: 11 passed, 0 failed\n"))
  }

  @Test func badScheduleValuesAreUsageErrors() async throws {
    let none = try await CommandRun.run("conformance", ["--schedules", "0"])
    #expect(none.status == 2)
    #expect(none.stderrLines.first == "error: --schedules must be at least 1")

    let unreadable = try await CommandRun.run("conformance", ["--schedule", "fifo"])
    #expect(unreadable.status == 2)
    #expect(
      unreadable.stderrLines.first
        == "error: --schedule takes a schedule as a failure prints it (first-ready, "
        + "random-7/1.0), got 'fifo'")

    let both = try await CommandRun.run(
      "conformance", ["--schedule", "first-ready", "--schedules", "2"])
    #expect(both.status == 2)
    #expect(
      both.stderrLines.first
        == "error: --schedule replays one schedule: leave out --schedules and --search")
  }
}
