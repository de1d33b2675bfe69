import LoopSynchronization

/// Collects the failures LoopTesting reports, instead of handing them to a test framework.
///
/// The conformance runner runs scenarios outside any test and needs their failures as values
/// for its report. Inside ``collect(_:)`` every failure a ``TestStore``, a clock or an
/// instrument reports on this task (and on the tasks it starts) lands here.
///
/// ```swift
/// let sink = FailureSink()
/// await sink.collect { await store.wait { $0.movies.count == 20 } }
/// for failure in sink.failures { print(failure.message) }
/// ```
public final class FailureSink: Sendable {
  /// One failure: its message and where it was reported.
  public struct Failure: Sendable, Hashable {
    /// The three-part message: expected, happened, what to do.
    public let message: String
    /// The file of the call that failed, as `#fileID` gives it.
    public let fileID: String
    /// The line of the call that failed.
    public let line: Int
  }

  private let recorded = Mutex<[Failure]>([])

  /// Creates an empty sink.
  public init() {}

  /// The failures collected so far, in the order they were reported.
  public var failures: [Failure] {
    recorded.withLock { $0 }
  }

  /// Runs `body` with this sink receiving every failure reported on its task.
  ///
  /// - Parameter body: The work whose failures to collect.
  /// - Returns: What `body` returns.
  public func collect<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result
  {
    try await FailureSink.$current.withValue(self) { try await body() }
  }

  func record(_ message: String, fileID: String, line: Int) {
    recorded.withLock { $0.append(Failure(message: message, fileID: fileID, line: line)) }
  }

  @TaskLocal static var current: FailureSink?
}
