import TestSupport
import Testing

/// `conformance`'s mutant options, run as a user runs them: the machine-derived mutants have
/// their own names, and `--min-strength` (strength is the source-level score) points to
/// `make mutation`.
@Suite(.scaledTimeLimit(minutes: 1))
struct MachineMutantOptionTests {
  @Test func minStrengthIsRefusedWithWhereStrengthIsMeasured() async throws {
    let run = try await CommandRun.run("conformance", ["--mutate", "--min-strength", "90"])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines.first
        == "error: --min-strength is not a conformance option: strength is the "
        + "source-level mutation score (make mutation MIN_STRENGTH=P, or scripts/mutation "
        + "--min-strength P); for the machine-derived mutants, give --mutate "
        + "--min-machine-kills P")
  }

  @Test func minMachineKillsNeedsMutateAndAPercentage() async throws {
    let alone = try await CommandRun.run("conformance", ["--min-machine-kills", "100"])
    #expect(alone.status == 2)
    #expect(alone.stderrLines.first == "error: --min-machine-kills needs --mutate")

    let tooMany = try await CommandRun.run(
      "conformance", ["--mutate", "--min-machine-kills", "101"])
    #expect(tooMany.status == 2)
    #expect(
      tooMany.stderrLines.first
        == "error: --min-machine-kills must be a percentage, 0 to 100")
  }
}
