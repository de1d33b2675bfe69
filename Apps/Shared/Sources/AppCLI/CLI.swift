import CommandLineParsing
import Foundation
import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point helpers of the apps: parse, run, and turn every outcome into output and
/// an exit status, never a stack trace.
///
/// ```swift
/// static func main() async {  // what Command.main() does
///   await CLI.run(Pager.commandLine) { parsed in
///     try await Pager.make(parsed, environment: [:]).run()
///   }
/// }
/// ```
///
/// How outcomes map to exits:
/// - `--help` / `--version`: the text on standard output, `ExitCode.success`.
/// - `UsageError`: its two lines on standard error, `ExitCode.usage` (2).
/// - `ExitCode` thrown: that status, nothing printed.
/// - `UserFacingError`: `error: <userMessage>` on standard error, `ExitCode.failure`.
/// - Any other error: `error: <description>` on one line, `ExitCode.failure`.
///
/// A write to standard output that fails ends the program (`StandardOutput`): exit 0 for
/// a closed pipe, exit 1 with a message for any other failure.
///
/// Exiting runs the `atexit` hooks, so a `RawMode` still active is restored.
public enum CLI {
  /// Runs `body` and exits: 0 when it returns, otherwise as ``exitCode(for:errorOutput:)``
  /// decides.
  ///
  /// For apps that parse their arguments themselves; most use ``run(_:arguments:_:)``.
  ///
  /// - Parameter body: The program.
  /// - Returns: Never: the process exits.
  nonisolated(nonsending) public static func run(_ body: () async throws -> Void) async -> Never {
    OutputFailure.ignoreBrokenPipeSignal()
    let code: ExitCode
    do {
      try await body()
      code = .success
    } catch {
      code = exitCode(for: error)
    }
    exit(code.rawValue)
  }

  /// Parses the command line against `spec`, runs `body` with the result, and exits.
  ///
  /// - Parameters:
  ///   - spec: The command's spec.
  ///   - arguments: The arguments, without the executable's name; the process's by default.
  ///   - body: The program, given the parsed arguments.
  /// - Returns: Never: the process exits.
  nonisolated(nonsending) public static func run(
    _ spec: CommandSpec, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    _ body: (ParsedArguments) async throws -> Void
  ) async -> Never {
    OutputFailure.ignoreBrokenPipeSignal()
    let code = await execute(spec, arguments: arguments, body)
    exit(code.rawValue)
  }

  /// What ``run(_:arguments:_:)`` does, without exiting: parse, run, report, and return the
  /// exit status.
  ///
  /// Tests call it with output closures to check what a command line prints.
  ///
  /// - Parameters:
  ///   - spec: The command's spec.
  ///   - arguments: The arguments, without the executable's name.
  ///   - output: Where help and version text go; standard output by default.
  ///   - errorOutput: Where error lines go; standard error by default.
  ///   - body: The program, given the parsed arguments.
  /// - Returns: The exit status.
  nonisolated(nonsending) public static func execute(
    _ spec: CommandSpec, arguments: [String],
    output: (String) -> Void = StandardOutput.write,
    errorOutput: (String) -> Void = StandardError.write,
    _ body: (ParsedArguments) async throws -> Void
  ) async -> ExitCode {
    do {
      switch try spec.parse(arguments) {
      case .help(let text), .version(let text):
        output(text + "\n")
      case .run(let parsed):
        try await body(parsed)
      }
      return .success
    } catch {
      return exitCode(for: error, errorOutput: errorOutput)
    }
  }

  /// Reports `error` the way the apps do and returns the exit status for it.
  ///
  /// Every message is one line (a multi-line description is joined with spaces), except a
  /// usage error, which adds its usage line.
  ///
  /// - Parameters:
  ///   - error: The error that ended the program.
  ///   - errorOutput: Where the message goes; standard error by default.
  /// - Returns: `ExitCode.usage` for a `UsageError`, the code itself for a thrown
  ///   `ExitCode`, `ExitCode.failure` for anything else.
  public static func exitCode(
    for error: any Error, errorOutput: (String) -> Void = StandardError.write
  ) -> ExitCode {
    switch error {
    case let usage as UsageError:
      errorOutput(usage.description + "\n")
      return .usage
    case let code as ExitCode:
      return code
    case let userFacing as any UserFacingError:
      errorOutput("error: " + oneLine(userFacing.userMessage) + "\n")
      return .failure
    default:
      errorOutput("error: " + oneLine(String(describing: error)) + "\n")
      return .failure
    }
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
  }
}
