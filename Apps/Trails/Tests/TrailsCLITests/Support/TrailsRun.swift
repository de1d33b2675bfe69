import TestSupport

/// What one run of the built `trails` executable did.
struct TrailsRun {
  let status: Int32
  let standardOutput: String
  let standardError: String

  /// The lines written to standard error.
  var errorLines: [String] {
    standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// Runs the built `trails` with `arguments`, standard input empty (not a tty), through
  /// `CommandRun`: a run that never ends is killed at its bound and fails the test.
  static func run(_ arguments: [String]) async throws -> TrailsRun {
    let run = try await CommandRun.run("trails", arguments, environment: ["NO_COLOR": "1"])
    return TrailsRun(status: run.status, standardOutput: run.stdout, standardError: run.stderr)
  }
}
