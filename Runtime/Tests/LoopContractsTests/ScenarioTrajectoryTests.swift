import LoopContracts
import TestSupport
import Testing

/// A scenario's report carries its trajectory: the moves each of its stores took, in order,
/// each from the phase before the event to the phase after it.
@Suite(.watchdog)
struct ScenarioTrajectoryTests {
  /// A coin, then two pushes: unlocked by the coin, locked by the first push, and the second
  /// push leaves it locked.
  @Test func aScenarioReportsTheMovesItsStoreTookInOrder() async throws {
    let visit = Scenario<Turnstile>("a coin lets one through, then it stays locked") { context in
      let store = context.store(initial: Turnstile.State(), machine: Turnstile())
      for event: Turnstile.Event in [.coin, .push, .push] {
        store.send(event)
        await store.settle()
      }
    }
    let report = await ContractRunner(
      options: .init(exploration: .init(depth: 2, randomWalks: 0, seed: 1), workers: 1)
    ).run(TurnstileContracts.contract({ Turnstile() }, scenarios: [visit]))

    let scenario = try #require(report.scenarios.first)
    #expect(scenario.failures.isEmpty, "\(scenario.failures)")
    #expect(
      scenario.trajectories.map { $0.map(\.description) } == [
        [
          "locked --coin--> unlocked", "unlocked --push--> locked", "locked --push--> locked",
        ]
      ])
  }
}
