import TestSupport

/// What one run of the built `movies` binary did: its exit status and everything it wrote.
typealias MoviesRun = CommandRun

/// The `movies` executable SwiftPM built next to the test bundle, run as a user would.
///
/// Each run has standard input from `/dev/null` (not a terminal, so `movies` is scripted),
/// standard output and standard error in files (not terminals either), and the test
/// process's environment without `TMDB_API_KEY`, `NO_COLOR` and proxy settings, plus
/// `environment` (see ``CommandRun``).
enum MoviesBinary {
  /// Runs `movies` with `arguments` and waits for it to end.
  ///
  /// Cancelling the calling task (a test's time limit) kills the process.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - environment: Variables to add to the run's environment.
  /// - Returns: What the run did.
  /// - Throws: When the binary is missing or the process cannot start.
  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> MoviesRun
  {
    try await CommandRun.run("movies", arguments, environment: environment)
  }
}
