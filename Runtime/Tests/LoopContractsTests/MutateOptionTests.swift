import LoopContracts
import TestSupport
import Testing

/// `Options.mutate`: with it, a run's report carries the verdict on every machine-derived
/// mutant; without it, no mutant runs and the report has no mutant section.
@Suite(.watchdog)
struct MutateOptionTests {
  private static func options(mutate: Bool) -> ContractRunner.Options {
    .init(exploration: .init(depth: 4, seed: 7), mutate: mutate, workers: 1)
  }

  private static let contract = TurnstileContracts.contract { Turnstile() }

  /// With `mutate`, `run` reports the verdict on each mutant, in mutant order: the verdicts
  /// `machineMutants(of:)` gives.
  @Test func withMutateARunReportsTheVerdictOnEveryMutant() async throws {
    let runner = ContractRunner(options: Self.options(mutate: true))

    let report = await runner.run(Self.contract)

    #expect(report.passed, "\(report.failures)")
    let verdicts = try #require(report.machineMutants)
    let alone = await runner.machineMutants(of: Self.contract)
    #expect(verdicts.mutants == alone.mutants)
    #expect(verdicts.mutants.map(\.mutant).first == "`coin` is ignored by the reducer")
    #expect(verdicts.killed == 2)
  }

  /// Without `mutate`, neither `run` nor `checks` runs a mutant or adds a mutant section.
  @Test func withoutMutateTheReportHasNoMutantSection() async {
    let runner = ContractRunner(options: Self.options(mutate: false))

    let run = await runner.run(Self.contract)
    let checks = await runner.checks(Self.contract)

    #expect(run.passed, "\(run.failures)")
    #expect(run.machineMutants == nil)
    #expect(checks.machineMutants == nil)
  }

  /// With `mutate`, `checks` holds no verdict yet, and joining the verdicts `judge` gives
  /// with `report(_:with:seconds:)` makes the report `run` makes (what `conformance --shard`
  /// does).
  @Test func checksThenJudgedMutantsJoinIntoTheReportARunGives() async throws {
    let runner = ContractRunner(options: Self.options(mutate: true))

    let checks = await runner.checks(Self.contract)
    let pending = try #require(checks.machineMutants)
    #expect(pending.mutants.isEmpty)
    let count = await runner.machineMutants(of: Self.contract).mutants.count
    var verdicts: [MutantResult] = []
    for index in 0..<count {
      verdicts.append(await runner.judge(mutant: index, of: Self.contract))
    }
    let joined = ContractRunner.report(checks, with: verdicts, seconds: 1.5)

    let whole = await runner.run(Self.contract)
    #expect(joined.machineMutants?.mutants == whole.machineMutants?.mutants)
    #expect(joined.machineMutants?.mutants == verdicts)
    #expect(joined.machineMutants?.durationSeconds == 1.5)
  }
}
