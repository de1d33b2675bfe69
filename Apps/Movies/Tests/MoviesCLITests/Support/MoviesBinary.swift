import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the built `movies` binary did: its exit status and everything it wrote.
struct MoviesRun {
  /// The exit status, or the signal number when a signal ended it.
  let status: Int32
  /// Whether the process exited (rather than being killed by a signal).
  let exited: Bool
  /// Everything written to standard output.
  let stdout: String
  /// Everything written to standard error.
  let stderr: String

  /// Standard output's lines, without the newline that ends the last one.
  var stdoutLines: [String] { Self.lines(of: stdout) }
  /// Standard error's lines, without the newline that ends the last one.
  var stderrLines: [String] { Self.lines(of: stderr) }

  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// The `movies` executable SwiftPM built next to the test bundle, run as a user would.
///
/// Each run has standard input from `/dev/null` (not a terminal, so `movies` is scripted),
/// standard output and standard error in files (not terminals either), and the test
/// process's environment without `TMDB_API_KEY`, `NO_COLOR` and proxy settings, plus
/// `environment`.
enum MoviesBinary {
  /// Variables removed from every run's environment.
  static let removedVariables: Set<String> = [
    "TMDB_API_KEY", "NO_COLOR", "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY",
    "all_proxy", "ALL_PROXY",
  ]

  /// The built binary: `movies` in the directory of the test bundle.
  ///
  /// On Linux the test bundle is an executable (`<Package>PackageTests.xctest`) in the build
  /// directory (`.build/debug`), and `Bundle.main.bundleURL` is that directory (checked on
  /// Swift 6.3.1). The directory of the first argument, the bundle's path, is a fallback.
  ///
  /// - Returns: The binary's URL.
  /// - Throws: An issue naming the build command when the binary is not there.
  static func url() throws -> URL {
    let candidates = [
      Bundle.main.bundleURL,
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ].map { $0.appendingPathComponent("movies") }
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(
      found,
      """
      Expected the built `movies` binary at one of \(candidates.map(\.path)), found none. \
      Build it first: swift build --build-tests (MoviesCLITests depends on MoviesCLI).
      """)
  }

  /// Runs `movies` with `arguments` and waits for it to end.
  ///
  /// Cancelling the calling task (a test's time limit) kills the process.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - environment: Variables to add to the run's environment.
  /// - Returns: What the run did.
  /// - Throws: When the binary is missing, the process cannot start, or its output cannot be
  ///   read.
  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> MoviesRun
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)

    let process = Process()
    process.executableURL = try url()
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment.filter {
      !removedVariables.contains($0.key)
    }
    variables.merge(environment) { _, given in given }
    process.environment = variables
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)

    let (exits, exitContinuation) = AsyncStream.makeStream(of: (Int32, Bool).self)
    process.terminationHandler = { process in
      exitContinuation.yield((process.terminationStatus, process.terminationReason == .exit))
      exitContinuation.finish()
    }
    try process.run()
    let pid = process.processIdentifier
    let ending = await withTaskCancellationHandler {
      var iterator = exits.makeAsyncIterator()
      return await iterator.next()
    } onCancel: {
      kill(pid, SIGKILL)
    }
    let (status, exited) = try #require(ending, "movies \(arguments) did not end")
    return MoviesRun(
      status: status, exited: exited,
      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
  }
}
