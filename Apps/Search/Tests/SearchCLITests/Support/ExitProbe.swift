import Foundation

// Copied in SearchCLITests/Support and TrailsCLITests/Support: test targets share no module.

/// How a run of a built executable ended: its exit status, or the signal that ended it.
///
/// The other runners in these targets report `terminationStatus` alone, which cannot tell
/// `exit(6)` from `SIGABRT`; a test that asserts "never a signal" needs the reason too.
struct ExitProbe {
  /// The exit status, or the signal number when ``exited`` is false.
  let status: Int32
  /// Whether the process exited, rather than being ended by a signal.
  let exited: Bool
  /// What it wrote on standard error.
  let standardError: String

  /// Runs `executable` with `arguments` and `environment` added, standard input empty.
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:]
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
    // Standard error is a few lines at most: drain standard output first, then it.
    _ = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ExitProbe(
      status: process.terminationStatus, exited: process.terminationReason == .exit,
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
