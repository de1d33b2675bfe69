import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How a run of a built executable ended: its exit status, or the signal that ended it.
///
/// A test that asserts "never a signal" needs the reason, not `terminationStatus` alone,
/// which cannot tell `exit(6)` from `SIGABRT`.
public struct ExitProbe: Sendable {
  /// The exit status, or the signal number when ``exited`` is false.
  public let status: Int32
  /// Whether the process exited, rather than being ended by a signal.
  public let exited: Bool
  /// What it wrote on standard error.
  public let standardError: String

  /// Runs `executable` with `arguments` and `environment` added, standard input empty.
  ///
  /// A process still running after `bound` is killed, and the probe says so: it ends by
  /// SIGKILL, which every caller's check of the exit status rejects.
  ///
  /// - Parameters:
  ///   - executable: The binary.
  ///   - arguments: Its arguments.
  ///   - environment: Variables added to the process's environment.
  ///   - bound: How long the process may run, in wall-clock seconds; 30 (times
  ///     ``WaitBound/scale``) unless given.
  /// - Returns: How it ended.
  /// - Throws: When it cannot start.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    bound: Double = 30 * Double(WaitBound.scale)
  ) throws -> ExitProbe {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // This call blocks its thread, so the bound runs on a Dispatch queue, not on a task that
    // would need the (possibly blocked) cooperative pool.
    let pid = process.processIdentifier
    let finished = Mutex(false)
    DispatchQueue.global().asyncAfter(deadline: .now() + bound) {
      if !finished.withLock({ $0 }) { kill(pid, SIGKILL) }
    }
    defer { finished.withLock { $0 = true } }
    // Standard error is a few lines at most: drain standard output first, then it.
    _ = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ExitProbe(
      status: process.terminationStatus, exited: process.terminationReason == .exit,
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
