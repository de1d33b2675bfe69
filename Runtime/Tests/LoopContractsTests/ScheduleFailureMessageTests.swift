import LoopContracts
import TestSupport
import Testing

/// The line a scenario failing under an explored schedule ends with (docs/CONTRACTS.md,
/// "Scenarios under schedules"): the schedule and run it failed on, the schedule it shrank to
/// with its preemptions counted in words, and the command that replays it.
@Suite(.watchdog(.seconds(60)))
struct ScheduleFailureMessageTests {
  /// Four rounds of two answers, settled one by one (one choice per round); fails when the
  /// last `reversed` rounds all came `b` first, which takes that many preemptions.
  private static func contract(reversed: Int) -> Contract<Pair, Pair.Phase, Pair.Kind> {
    let rounds = Scenario<Pair>("the last rounds do not all come reversed") { context in
      let store = context.store(initial: Pair.State(), machine: Pair())
      for _ in 0..<4 {
        store.send(.ask)
        await store.settle()
      }
      let last = Array(store.state.answers.suffix(2 * reversed))
      let allReversed = Array(repeating: ["b", "a"], count: reversed).flatMap { $0 }
      context.check(last != allReversed, "a last round came in order")
    }
    return Contract<Pair, Pair.Phase, Pair.Kind>(
      name: "pair", initialStates: [Pair.State()], phase: { _ in .asking },
      table: [Move(.asking, on: .ask, to: .asking), Move(.asking, on: .answered, to: .asking)],
      scenarios: [rounds], alphabet: { _ in [.ask, .answered("a")] }, makeMachine: { Pair() })
  }

  /// The failure line of the contract's scenario, run under 32 seeded random schedules.
  private static func failureLine(reversed: Int) async throws -> String {
    var options = ContractRunner.Options(
      exploration: .init(depth: 2, randomWalks: 0, seed: 1), workers: 1)
    options.schedules = 32
    let report = await ContractRunner(options: options).run(contract(reversed: reversed))
    let scenario = try #require(report.scenarios.first)
    return try #require(scenario.failures.last, "\(scenario)")
  }

  /// One preemption is counted in the singular.
  @Test func aScheduleShrunkToOnePreemptionSaysSo() async throws {
    let line = try await Self.failureLine(reversed: 1)
    let expected =
      /under schedule random-[0-9]+\/[0-9.]+ \(run [0-9]+ of 32\), shrunk to first-ready\/0\.0\.0\.1 \(1 preemption\): replay it with `conformance --schedule first-ready\/0\.0\.0\.1`/
    #expect(line.wholeMatch(of: expected) != nil, "\(line)")
  }

  /// More than one, in the plural.
  @Test func aScheduleShrunkToTwoPreemptionsSaysSo() async throws {
    let line = try await Self.failureLine(reversed: 2)
    let expected =
      /under schedule random-[0-9]+\/[0-9.]+ \(run [0-9]+ of 32\), shrunk to first-ready\/0\.0\.1\.1 \(2 preemptions\): replay it with `conformance --schedule first-ready\/0\.0\.1\.1`/
    #expect(line.wholeMatch(of: expected) != nil, "\(line)")
  }
}
