import Foundation
import Loop
import LoopSession

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
  private var replayWith: (@Sendable (Data, String) async throws(SessionFileError) -> ReplayReport)?
  private var minimizeWith:
    (@Sendable (Data, String) async throws(SessionFileError) -> (Data, ReplayReport, Int)?)?

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
    replayWith = nil
    minimizeWith = nil
  }

  /// Erases `contract`'s machine type, keeping how the app's recorded sessions replay.
  ///
  /// - Parameters:
  ///   - contract: The contract.
  ///   - sessions: How a session of the app (`--record FILE`) replays against it.
  public init<M: Machine, Phase: ContractLabel, Kind: ContractLabel, Call>(
    _ contract: Contract<M, Phase, Kind>, replaying sessions: SessionReplay<M, Call>
  ) where M.State: Hashable & Codable, M.Event: Codable & Equatable {
    self.init(contract)
    replayWith = { data, path throws(SessionFileError) in
      let session = try SessionFile.decode(
        SessionReplay<M, Call>.AppSession.self, from: data, path: path, app: sessions.app)
      return await sessions.replay(session, from: path, against: contract)
    }
    minimizeWith = { data, path throws(SessionFileError) in
      let session = try SessionFile.decode(
        SessionReplay<M, Call>.AppSession.self, from: data, path: path, app: sessions.app)
      guard
        let (shortest, report) = await sessions.minimize(
          session, from: path, against: contract)
      else { return nil }
      return (SessionFile.encode(shortest), report, session.steps.count)
    }
  }

  /// Whether sessions of this contract's app can be replayed.
  public var replaysSessions: Bool { replayWith != nil }

  /// Replays the session file `data` against the contract.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for the report.
  /// - Returns: The replay's report.
  /// - Throws: `SessionFileError` when the file is not a session of this app that decodes,
  ///   or this contract has no replay.
  public func replay(_ data: Data, from path: String) async throws(SessionFileError)
    -> ReplayReport
  {
    guard let replayWith else {
      throw SessionFileError(path: path, reason: "the \(name) contract does not replay sessions")
    }
    return try await replayWith(data, path)
  }

  /// The shortest stretch of the failing session file `data` that still fails the same
  /// check, as a session file's bytes (see ``SessionReplay/minimize(_:from:against:)``).
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for the report.
  /// - Returns: The shortest session's bytes, its report, and how many steps the whole
  ///   session has; `nil` when the session replays as recorded or fails in no step.
  /// - Throws: `SessionFileError` when the file is not a session of this app that decodes,
  ///   or this contract has no replay.
  public func minimize(_ data: Data, from path: String) async throws(SessionFileError)
    -> (data: Data, report: ReplayReport, originalSteps: Int)?
  {
    guard let minimizeWith else {
      throw SessionFileError(path: path, reason: "the \(name) contract does not replay sessions")
    }
    return try await minimizeWith(data, path).map {
      (data: $0.0, report: $0.1, originalSteps: $0.2)
    }
  }

  /// Runs the contract with `runner`.
  ///
  /// - Parameter runner: The runner, with its options.
  /// - Returns: The report.
  public func run(with runner: ContractRunner = ContractRunner()) async -> ContractReport {
    await runWith(runner)
  }
}
