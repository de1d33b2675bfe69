import TestSupport
import Testing

@testable import LoopContracts

/// How ``ContractRunner`` shrinks the choices of a failing schedule (docs/CONTRACTS.md): each
/// preemption taken back while the scenario still fails.
@Suite(.watchdog)
struct ContractRunnerShrinkTests {
  @Test func everyPreemptionTheFailureDoesNotNeedIsTakenBackThoughTheChoicesGetShorter() async {
    // Only the first preemption makes it fail: taking back the last one leaves [2] (the zero
    // before it goes too, as a first-ready schedule makes it anyway), and the first is kept.
    let kept = await ContractRunner.withFewerPreemptions([2, 0, 1]) { $0.first == 2 }

    #expect(kept == [2])
  }
}
