import Foundation
import LoopSynchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One finished run of a built executable: exit status and everything it printed.
public struct CommandRun: Sendable {
  /// The exit status, or the signal number when `exited` is false.
  public let status: Int32
  /// Whether the process exited (rather than being killed by a signal).
  public let exited: Bool
  /// Standard output.
  public let stdout: String
  /// Standard error.
  public let stderr: String

  /// Standard output's lines, without the newline that ends the last one.
  public var stdoutLines: [String] { Self.lines(of: stdout) }
  /// Standard error's lines, without the newline that ends the last one.
  public var stderrLines: [String] { Self.lines(of: stderr) }

  /// Variables removed from every run's environment unless the run sets them: the TMDB key,
  /// `NO_COLOR`, and proxy settings (every request here goes to loopback).
  public static let removedVariables: Set<String> = [
    "TMDB_API_KEY", "NO_COLOR", "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY",
    "all_proxy", "ALL_PROXY",
  ]

  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Runs the executable `name`, built next to the test bundle, and waits for it to end.
  ///
  /// Standard input is `input`, or /dev/null (so the apps run scripted); the
  /// ``removedVariables`` are removed from the environment unless given, and cancelling the
  /// calling task kills the process. A process still running when `bound` has passed is
  /// killed, and the run fails with what it had printed: a scripted app that never ends is a
  /// failure of that test, not a hang of the suite.
  ///
  /// - Parameters:
  ///   - name: The executable's name, such as `movies`.
  ///   - arguments: Its arguments.
  ///   - environment: Variables to set for the run.
  ///   - input: What to feed on standard input, if anything.
  ///   - output: Where standard output goes: captured in ``stdout`` unless given.
  ///   - bound: How long the process may run (as ``GuardTimer`` counts it); 30 s (times
  ///     ``WaitBound/scale``) unless given.
  /// - Returns: The run.
  /// - Throws: When the binary is missing or cannot start, or ``WaitTimedOut`` when the
  ///   process outlives `bound`.
  public static func run(
    _ name: String, _ arguments: [String], environment: [String: String] = [:],
    input: String? = nil, output: OutputTarget = .captured,
    bound: Duration = .seconds(30) * WaitBound.scale
  ) async throws -> CommandRun {
    try await run(
      name, arguments, environment: environment, input: input, output: output, bound: bound,
      launcher: [])
  }

  /// Runs the executable `name` as ``run(_:_:environment:input:output:bound:)`` does, as a
  /// user without privileges: as `nobody` through util-linux's `setpriv` when the tests run
  /// as root (as CI does), so that file permissions apply as they do for a user; as the
  /// current user otherwise.
  ///
  /// - Parameters:
  ///   - name: The executable's name, such as `trails`.
  ///   - arguments: Its arguments.
  ///   - environment: Variables to set for the run.
  /// - Returns: The run.
  /// - Throws: As `run` does, or when running as root without `/usr/bin/setpriv`.
  public static func runUnprivileged(
    _ name: String, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> CommandRun {
    var launcher: [String] = []
    var environment = environment
    if getuid() == 0 {
      let setpriv = "/usr/bin/setpriv"
      guard FileManager.default.isExecutableFile(atPath: setpriv) else {
        throw ProcessError(description: "running as root needs \(setpriv) (util-linux)")
      }
      launcher = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
      // Under `swift test --enable-code-coverage` (make coverage) a binary writes its profile
      // where LLVM_PROFILE_FILE says, in the build folder, which `nobody` may not write: the
      // runtime would add its complaint to the standard error the tests compare. Such a run's
      // profile goes to a folder anyone may write, and is not counted.
      if ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] != nil {
        environment["LLVM_PROFILE_FILE"] = try unprivilegedProfiles() + "/%p.profraw"
      }
    }
    return try await run(
      name, arguments, environment: environment, input: nil, output: .captured,
      bound: .seconds(30) * WaitBound.scale, launcher: launcher)
  }

  /// A folder anyone may write (mode 1777), for the profiles of unprivileged runs.
  private static func unprivilegedProfiles() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-unprivileged-profiles").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    guard chmod(folder, 0o1777) == 0 else {
      throw ProcessError(description: "cannot open \(folder) to every user (errno \(errno))")
    }
    return folder
  }

  /// Runs the executable `name` as ``run(_:_:environment:input:output:bound:)`` does, under
  /// bash's `time`, and returns the processor time it used, user and system together.
  ///
  /// - Parameters:
  ///   - name: The executable's name, such as `movies`.
  ///   - arguments: Its arguments.
  ///   - environment: Variables to set for the run.
  /// - Returns: The run (its standard error without `time`'s line) and the processor time.
  /// - Throws: As `run` does, or when `time`'s line is missing.
  public static func runMeasuringProcessorTime(
    _ name: String, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> (run: CommandRun, processorTime: Duration) {
    let script = #"TIMEFORMAT='processor-time %3U %3S'; time "$0" "$@""#
    let run = try await run(
      name, arguments, environment: environment, input: nil, output: .captured,
      bound: .seconds(30) * WaitBound.scale, launcher: ["/bin/bash", "-c", script])
    var lines = run.stderrLines
    guard let last = lines.popLast(), last.hasPrefix("processor-time "),
      case let fields = last.split(separator: " "), fields.count == 3,
      let user = Double(fields[1]), let system = Double(fields[2])
    else {
      throw ProcessError(description: "no `time` line at the end of stderr: \(run.stderr)")
    }
    let stderr = lines.map { $0 + "\n" }.joined()
    return (
      CommandRun(status: run.status, exited: run.exited, stdout: run.stdout, stderr: stderr),
      .milliseconds(Int(((user + system) * 1000).rounded()))
    )
  }

  /// ``run(_:_:environment:input:output:bound:)``, started through `launcher` (a program and
  /// its first arguments, the binary's path and `arguments` following) when not empty.
  private static func run(
    _ name: String, _ arguments: [String], environment: [String: String],
    input: String?, output: OutputTarget, bound: Duration, launcher: [String]
  ) async throws -> CommandRun {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("run-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)

    let process = Process()
    process.executableURL = try binaryURL(name)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment.filter {
      !removedVariables.contains($0.key)
    }
    variables.merge(environment) { _, given in given }
    process.environment = variables
    var inputURL = URL(fileURLWithPath: "/dev/null")
    if let input {
      inputURL = directory.appendingPathComponent("stdin")
      try Data(input.utf8).write(to: inputURL)
    }
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    switch output {
    case .captured:
      process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    case .full:
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    case .closedPipe:
      // A reader that has gone away, as `| head -1` has once it has its line; and SIGPIPE
      // at its default, as a shell leaves it (the test runner may ignore it, and a child
      // inherits that), so a program that forgets to handle it dies of it here too.
      let pipe = Pipe()
      try pipe.fileHandleForReading.close()
      process.standardOutput = pipe
      process.arguments = ["--default-signal=PIPE", try binaryURL(name).path] + arguments
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    }
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    if let program = launcher.first {
      process.arguments =
        Array(launcher.dropFirst()) + [try binaryURL(name).path] + (process.arguments ?? [])
      process.executableURL = URL(fileURLWithPath: program)
    }

    let (exits, exitContinuation) = AsyncStream.makeStream(of: (Int32, Bool).self)
    process.terminationHandler = { process in
      exitContinuation.yield((process.terminationStatus, process.terminationReason == .exit))
      exitContinuation.finish()
    }
    try process.run()
    let pid = process.processIdentifier
    let outlived = Mutex(false)
    let timer = GuardTimer(bound: bound) {
      outlived.withLock { $0 = true }
      kill(pid, SIGKILL)
    }
    let ending = await withTaskCancellationHandler {
      var iterator = exits.makeAsyncIterator()
      return await iterator.next()
    } onCancel: {
      kill(pid, SIGKILL)
    }
    timer.cancel()
    guard let (status, exited) = ending else {
      throw ProcessError(description: "\(name) \(arguments) did not end")
    }
    let stdout = String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self)
    let stderr = String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
    if outlived.withLock({ $0 }) {
      throw WaitTimedOut(
        what: "\(name) \(arguments.joined(separator: " ")) to exit", bound: bound,
        location: "CommandRun", detail: "killed; stdout:\n\(stdout)\nstderr:\n\(stderr)")
    }
    return CommandRun(status: status, exited: exited, stdout: stdout, stderr: stderr)
  }

  /// The built executable `name`, next to the test bundle.
  ///
  /// - Parameter name: The executable's name.
  /// - Returns: Its URL.
  /// - Throws: When it has not been built.
  public static func binaryURL(_ name: String) throws -> URL {
    let candidates = [
      Bundle.main.bundleURL,
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ].map { $0.appendingPathComponent(name) }
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw ProcessError(
        description: "expected the built `\(name)` at one of \(candidates.map(\.path)); "
          + "build it first: swift build --build-tests")
    }
    return found
  }
}

/// Where a ``CommandRun`` sends the program's standard output.
public enum OutputTarget: Sendable {
  /// Captured into ``CommandRun/stdout``.
  case captured
  /// `/dev/full`: every write fails with `ENOSPC`, as on a full disk.
  case full
  /// A pipe whose reader has already closed it, with `SIGPIPE` at its default (through
  /// `env --default-signal=PIPE`): a write kills the program unless it handles that.
  case closedPipe
}
