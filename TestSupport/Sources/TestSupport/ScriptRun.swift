import Foundation

/// One finished run of one of the repository's scripts (`scripts/api-check`,
/// `scripts/doc-examples`): its exit status and what it printed, standard output and standard
/// error together in the order written.
///
/// For the apps and other built executables, ``CommandRun`` keeps the two streams apart and
/// bounds the run; a script's tests read its report as one text.
public struct ScriptRun: Sendable {
  /// The exit status.
  public let status: Int32
  /// Standard output and standard error, interleaved.
  public let output: String

  /// Runs the executable at `url` with `arguments` and waits for it to end.
  ///
  /// The wait is on a thread of its own, never one of Swift's cooperative pool: a script can
  /// run for a minute on a busy machine, and two tests blocking the pool's two threads that
  /// long would stop every other test (and the watchdog's heartbeat) with them.
  ///
  /// - Parameters:
  ///   - url: The script or program.
  ///   - arguments: Its arguments.
  ///   - standardError: Whether standard error is read into ``output`` too (the default), or
  ///     left to the test's own.
  /// - Returns: The run.
  /// - Throws: When it cannot start.
  public static func run(_ url: URL, _ arguments: [String], standardError: Bool = true)
    async throws -> ScriptRun
  {
    try await offThePool { try runWaiting(url, arguments, standardError: standardError) }
  }

  private static func runWaiting(_ url: URL, _ arguments: [String], standardError: Bool) throws
    -> ScriptRun
  {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    if standardError { process.standardError = output }
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ScriptRun(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}

/// Runs `body`, which blocks its thread (a wait for a process, a file read to its end), on a
/// thread of its own, and gives back what it returns or throws.
///
/// - Parameter body: The blocking work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value)
  async throws -> Value
{
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
