import Foundation
import Loop
import LoopRecording

/// A contract with its machine type erased, so contracts of different apps fit in one list.
///
/// The conformance registry holds these:
///
/// ```swift
/// let registered: [AnyContract] = [AnyContract(Movies.contract), AnyContract(Search.contract)]
/// ```
public struct AnyContract: Sendable {
  /// The contract's name.
  public let name: String
  /// The contract's table as a Mermaid state diagram.
  public let diagram: String
  /// How many table rows, examples, invariants and scenarios it declares.
  public let size: (rows: Int, examples: Int, invariants: Int, scenarios: Int)
  private let runWith: @Sendable (ContractRunner) async -> ContractReport
  private let countMutants: @Sendable () -> Int
  private let checksWith: @Sendable (ContractRunner) async -> ContractReport
  private let judgeWith: @Sendable (Int, ContractRunner) async -> MutantResult
  private var replayWith:
    (@Sendable (Data, String) async throws(RecordingFileError) -> ReplayReport)?
  private var minimizeWith:
    (@Sendable (Data, String) async throws(RecordingFileError) -> (Data, ReplayReport, Int)?)?
  private var visitWith:
    (@Sendable (Data, String, any RecordingVisitor) throws(RecordingFileError) -> Any)?

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
    countMutants = { Mutant.derived(from: contract).mutants.count }
    checksWith = { runner in await runner.checks(contract) }
    judgeWith = { index, runner in await runner.judge(mutant: index, of: contract) }
    replayWith = nil
    minimizeWith = nil
    visitWith = nil
  }

  /// Erases `contract`'s machine type, keeping how the app's recordings replay.
  ///
  /// - Parameters:
  ///   - contract: The contract.
  ///   - recordings: How a recording of the app (`--record FILE`) replays against it.
  public init<M: Machine, Phase: ContractLabel, Kind: ContractLabel, Call>(
    _ contract: Contract<M, Phase, Kind>, replaying recordings: RecordingReplay<M, Call>
  ) where M.State: Hashable & Codable, M.Event: Codable & Equatable {
    self.init(contract)
    replayWith = { data, path throws(RecordingFileError) in
      let recording = try RecordingFile.decode(
        RecordingReplay<M, Call>.AppRecording.self, from: data, path: path, app: recordings.app)
      return await recordings.replay(recording, from: path, against: contract)
    }
    minimizeWith = { data, path throws(RecordingFileError) in
      let recording = try RecordingFile.decode(
        RecordingReplay<M, Call>.AppRecording.self, from: data, path: path, app: recordings.app)
      guard
        let (shortest, report) = await recordings.minimize(
          recording, from: path, against: contract)
      else { return nil }
      return (RecordingFile.encode(shortest), report, recording.steps.count)
    }
    visitWith = { data, path, visitor throws(RecordingFileError) in
      let recording = try RecordingFile.decode(
        RecordingReplay<M, Call>.AppRecording.self, from: data, path: path, app: recordings.app)
      return visitor.visit(recording, replay: recordings)
    }
  }

  /// Whether recordings of this contract's app can be replayed.
  public var replaysRecordings: Bool { replayWith != nil }

  /// How many machine-derived mutants `--mutate` runs this contract against: one per event
  /// kind, one per feedback, and the runtime and clock faults (``Mutant``).
  public var machineMutantCount: Int { countMutants() }

  /// Replays the recording file `data` against the contract.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for the report.
  /// - Returns: The replay's report.
  /// - Throws: `RecordingFileError` when the file is not a recording of this app that decodes,
  ///   or this contract has no replay.
  public func replay(_ data: Data, from path: String) async throws(RecordingFileError)
    -> ReplayReport
  {
    guard let replayWith else {
      throw RecordingFileError(
        path: path, reason: "the \(name) contract does not replay recordings")
    }
    return try await replayWith(data, path)
  }

  /// The shortest stretch of the failing recording file `data` that still fails the same
  /// check, as a recording file's bytes (see ``RecordingReplay/minimize(_:from:against:)``).
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for the report.
  /// - Returns: The shortest recording's bytes, its report, and how many steps the whole
  ///   recording has; `nil` when the recording replays as recorded or fails in no step.
  /// - Throws: `RecordingFileError` when the file is not a recording of this app that decodes,
  ///   or this contract has no replay.
  public func minimize(_ data: Data, from path: String) async throws(RecordingFileError)
    -> (data: Data, report: ReplayReport, originalSteps: Int)?
  {
    guard let minimizeWith else {
      throw RecordingFileError(
        path: path, reason: "the \(name) contract does not replay recordings")
    }
    return try await minimizeWith(data, path).map {
      (data: $0.0, report: $0.1, originalSteps: $0.2)
    }
  }

  /// Decodes the recording file `data` with the app's own types and hands it, typed, to
  /// `visitor`: how a tool that needs the app's `State` and `Event` (a viewer, a test
  /// exporter) reads a recording of any registered app.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's name, for errors.
  ///   - visitor: What to do with the recording.
  /// - Returns: What `visitor` returns.
  /// - Throws: `RecordingFileError` when the file is not a recording of this app that decodes,
  ///   or this contract has no replay.
  public func visitRecording<Visitor: RecordingVisitor>(
    _ data: Data, from path: String, with visitor: Visitor
  ) throws(RecordingFileError) -> Visitor.Result {
    guard let visitWith else {
      throw RecordingFileError(
        path: path, reason: "the \(name) contract does not replay recordings")
    }
    guard let result = try visitWith(data, path, visitor) as? Visitor.Result else {
      preconditionFailure("a RecordingVisitor returned a value of another type than its Result")
    }
    return result
  }

  /// Runs the contract with `runner`.
  ///
  /// - Parameter runner: The runner, with its options.
  /// - Returns: The report.
  public func run(with runner: ContractRunner = ContractRunner()) async -> ContractReport {
    await runWith(runner)
  }

  /// Runs the contract's checks with `runner`, but no mutant (``ContractRunner/checks(_:)``).
  ///
  /// - Parameter runner: The runner, with its options.
  /// - Returns: The report, verdicts on mutants to be added.
  public func checks(with runner: ContractRunner) async -> ContractReport {
    await checksWith(runner)
  }

  /// Runs the contract against its machine-derived mutant number `index`
  /// (``ContractRunner/judge(mutant:of:)``).
  ///
  /// - Parameters:
  ///   - index: The mutant's number, from 0, below ``machineMutantCount``.
  ///   - runner: The runner, with its options.
  /// - Returns: The verdict.
  public func judge(mutant index: Int, with runner: ContractRunner) async -> MutantResult {
    await judgeWith(index, runner)
  }
}
