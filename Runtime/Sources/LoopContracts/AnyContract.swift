import Loop

/// A contract with its machine type erased, so contracts of different apps fit in one list.
///
/// The conformance registry holds these:
///
/// ```swift
/// let registered: [AnyContract] = [AnyContract(MoviesFeature.contract)]
/// ```
public struct AnyContract: Sendable {
  /// The contract's name.
  public let name: String
  /// The contract's table as a Mermaid state diagram.
  public let diagram: String
  /// How many table rows, examples, invariants and scenarios it declares.
  public let size: (rows: Int, examples: Int, invariants: Int, scenarios: Int)
  private let runWith: @Sendable (ContractRunner) async -> ContractReport

  /// Erases `contract`'s machine type.
  ///
  /// - Parameter contract: The contract.
  public init<M: Machine, Phase: ContractLabel, Kind: ContractLabel>(
    _ contract: Contract<M, Phase, Kind>
  ) where M.State: Hashable, M.Event: Codable {
    name = contract.name
    diagram = contract.diagram
    size = (
      contract.table.count, contract.examples.count, contract.invariants.count,
      contract.scenarios.count
    )
    runWith = { runner in await runner.run(contract) }
  }

  /// Runs the contract with `runner`.
  ///
  /// - Parameter runner: The runner, with its options.
  /// - Returns: The report.
  public func run(with runner: ContractRunner = ContractRunner()) async -> ContractReport {
    await runWith(runner)
  }
}
