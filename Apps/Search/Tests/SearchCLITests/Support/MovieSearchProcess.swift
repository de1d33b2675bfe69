import Foundation
import Testing

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
  /// The executable: next to the test bundle (`swift build --build-tests` builds it there).
  static func executable() throws -> URL {
    let products = Bundle.main.bundleURL
    let candidates = [
      products.appendingPathComponent("movie-search"),
      products.deletingLastPathComponent().appendingPathComponent("movie-search"),
    ]
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "movie-search is not built next to the tests (\(products.path)): run `swift build --build-tests`"
    )
  }

  /// Runs `movie-search` with `arguments`, and reports what it printed and its exit status.
  ///
  /// The environment is this process's, without a TMDB credential and with `NO_COLOR`, plus
  /// `environment`. Standard input is `input` through a pipe, or `/dev/null` when `input` is
  /// `nil`.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) async throws -> RunResult {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    var base = ProcessInfo.processInfo.environment
    base["TMDB_API_KEY"] = nil
    base["NO_COLOR"] = "1"
    process.environment = base.merging(environment) { _, new in new }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    if input == nil {
      process.standardInput = FileHandle.nullDevice
    } else {
      process.standardInput = stdin
    }
    process.standardOutput = stdout
    process.standardError = stderr
    let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
    process.terminationHandler = { finished in
      exited.yield(finished.terminationStatus)
      exited.finish()
    }

    try process.run()
    if let input {
      // The command reads standard input to its end, so the pipe is open while this writes.
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try stdin.fileHandleForWriting.close()
    }
    // Both reads end when the command exits and its ends of the pipes close.
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    var statuses = exits.makeAsyncIterator()
    let status = try #require(await statuses.next(), "movie-search never reported its exit")
    return RunResult(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: status)
  }
}
