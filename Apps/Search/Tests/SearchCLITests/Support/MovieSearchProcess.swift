import Foundation
import TestSupport

/// What one run of the built `movie-search` printed and how it exited.
struct RunResult {
  var stdout: String
  var stderr: String
  var status: Int32

  /// Standard output split into lines, without the final newline.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// Runs the built `movie-search` the way a user would, with standard input from a pipe.
enum MovieSearchProcess {
  /// Runs `movie-search` with `arguments`, `input` on standard input (or nothing), without
  /// `TMDB_API_KEY`, with `NO_COLOR=1` and `environment` added, and waits for it to end.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) async throws -> RunResult {
    let run = try await CommandRun.run(
      "movie-search", arguments,
      environment: ["NO_COLOR": "1"].merging(environment) { _, new in new }, input: input)
    return RunResult(stdout: run.stdout, stderr: run.stderr, status: run.status)
  }
}
