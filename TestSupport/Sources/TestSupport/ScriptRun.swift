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
  /// - Parameters:
  ///   - url: The script or program.
  ///   - arguments: Its arguments.
  /// - Returns: The run.
  /// - Throws: When it cannot start.
  public static func run(_ url: URL, _ arguments: [String]) throws -> ScriptRun {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ScriptRun(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}
