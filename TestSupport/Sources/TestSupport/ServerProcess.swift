import Foundation
import LoopSynchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `fixture-server` binary, running as a child process.
///
/// ``start(_:)`` returns once the child printed its first line (or throws when it exited
/// first); the port is read from that line. Standard error goes to a file, read with
/// ``standardError()`` once the child has exited.
public struct ServerProcess: Sendable {
  /// The first line the server printed: `fixture-server: listening on http://127.0.0.1:PORT`.
  public let firstLine: String
  /// The server's process id.
  public let processIdentifier: Int32
  private let exits: AsyncStream<(status: Int32, exited: Bool)>
  private let standardErrorURL: URL
  private let reaped: ReapedFlag

  /// Starts `fixture-server` with `arguments` and waits for its first line of output.
  ///
  /// - Throws: When the binary is missing or exits before printing a line.
  public static func start(_ arguments: [String]) async throws -> ServerProcess {
    let standardErrorURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("fixture-server-\(UUID().uuidString).stderr")
    try Data().write(to: standardErrorURL)
    let output = Pipe()
    let process = Process()
    process.executableURL = try CommandRun.binaryURL("fixture-server")
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: standardErrorURL)

    let (exits, exitContinuation) = AsyncStream.makeStream(of: (status: Int32, exited: Bool).self)
    let (firstEvent, eventContinuation) = AsyncStream.makeStream(of: String?.self)
    let reaped = ReapedFlag()
    process.terminationHandler = { process in
      reaped.value.store(true, ordering: .sequentiallyConsistent)
      exitContinuation.yield((process.terminationStatus, process.terminationReason == .exit))
      exitContinuation.finish()
      eventContinuation.yield(nil)
      eventContinuation.finish()
    }
    try process.run()
    let reader = Thread {
      eventContinuation.yield(readLine(from: output.fileHandleForReading.fileDescriptor))
      eventContinuation.finish()
    }
    reader.start()

    let pid = process.processIdentifier
    let line = await withTaskCancellationHandler {
      var events = firstEvent.makeAsyncIterator()
      return await events.next() ?? nil
    } onCancel: {
      kill(pid, SIGKILL)
    }
    let started = ServerProcess(
      firstLine: line ?? "", processIdentifier: pid, exits: exits,
      standardErrorURL: standardErrorURL, reaped: reaped)
    guard let line, !line.isEmpty else {
      kill(pid, SIGKILL)
      let status = await started.waitForExit()
      throw ProcessError(
        description: "fixture-server \(arguments) ended (\(status)) before printing a line; "
          + "stderr: \((try? started.standardError()) ?? "")")
    }
    return started
  }

  /// The port in the first line, `fixture-server: listening on http://127.0.0.1:PORT`.
  public var port: UInt16? {
    firstLine.split(separator: ":").last.flatMap { UInt16($0) }
  }

  /// Sends `signal` to the child, unless it has already ended.
  ///
  /// Once the child has been reaped its process id is free for the system to give to another
  /// process, so a late `send` (a `defer` after the test saw the exit) must not signal it.
  public func send(_ signal: Int32) {
    guard !reaped.value.load(ordering: .sequentiallyConsistent) else { return }
    kill(processIdentifier, signal)
  }

  /// Waits for the child to end; cancelling the wait kills it.
  ///
  /// - Returns: The exit status (or signal number) and whether it exited normally.
  public func waitForExit() async -> (status: Int32, exited: Bool) {
    let pid = processIdentifier
    let ending = await withTaskCancellationHandler {
      var iterator = exits.makeAsyncIterator()
      return await iterator.next()
    } onCancel: {
      kill(pid, SIGKILL)
    }
    return ending ?? (-1, false)
  }

  /// Everything the child wrote on standard error so far.
  public func standardError() throws -> String {
    String(decoding: try Data(contentsOf: standardErrorURL), as: UTF8.self)
  }
}

/// Set once Foundation has reaped the child (its termination handler ran).
private final class ReapedFlag: Sendable {
  let value = Atomic<Bool>(false)
}

/// Reads one line (without its newline) from `descriptor`, blocking; `nil` at end of file
/// before any byte.
private func readLine(from descriptor: Int32) -> String? {
  var line: [UInt8] = []
  var byte: UInt8 = 0
  // Bounded: a line longer than 4 KiB is not the one expected.
  while line.count < 4_096 {
    let count = read(descriptor, &byte, 1)
    if count == 1 {
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    } else if count < 0, errno == EINTR {
      continue
    } else {
      break
    }
  }
  return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
}
