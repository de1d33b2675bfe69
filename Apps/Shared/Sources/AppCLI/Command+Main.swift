import CommandLineParsing
import Foundation

extension Command {
  /// Parses `arguments` against ``commandLine``, runs the command they name and exits, as
  /// ``CLI/run(_:arguments:_:)`` does.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the executable's name; the process's by default.
  ///   - environment: The environment; the process's by default.
  /// - Returns: Never: the process exits.
  nonisolated(nonsending) public static func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Never {
    await CLI.run(commandLine, arguments: arguments) { parsed in
      try await make(parsed, environment: environment).run()
    }
  }
}
