import LoopContracts
import TemplateContract
import TemplateFeature
import TestSupport
import Testing

/// The contract's promises, checked by `swift test` as by `make conformance`.
@Suite(.watchdog)
struct TemplateTests {
  @Test func theContractHoldsWhenCheckedOnTheFixtures() async {
    let report = await ContractRunner(options: .init()).run(Template.contract)
    #expect(report.passed, "\(report.failures.joined(separator: "\n"))")
  }
}
