import ConformanceSuite
import LoopContracts
import Testing

/// Runs every registered contract under `swift test`, one test case per app.
struct ConformanceTests {
  @Test(arguments: registeredContracts.map(\.name))
  func registeredContractHolds(_ name: String) async throws {
    let contract = try #require(registeredContracts.first { $0.name == name })
    let report = await contract.run(with: ContractRunner())
    #expect(report.failures == [])
  }

  @Test func registeredNamesAreUnique() {
    let names = registeredContracts.map(\.name)
    #expect(Set(names).count == names.count)
  }
}
