import TestSupport
import Testing

/// `trails` when its standard output cannot be written: a full disk fails loudly, a closed
/// pipe ends quietly, in text and JSON alike (the convention is in `StandardOutput`).
struct OutputFailureTests {
  static let commands: [[String]] = [["regions"], ["regions", "--json"]]

  @Test(arguments: commands)
  func aFullDiskIsAnErrorAndStatusOne(_ arguments: [String]) async throws {
    let run = try await CommandRun.run("trails", arguments, output: .full)

    #expect(run.status == 1)
    #expect(run.exited, "ended by a signal")
    #expect(
      run.stderrLines.last
        == "error: cannot write to standard output: No space left on device")
  }

  @Test(arguments: commands)
  func aClosedPipeEndsQuietlyWithStatusZero(_ arguments: [String]) async throws {
    let run = try await CommandRun.run("trails", arguments, output: .closedPipe)

    #expect(run.status == 0)
    #expect(run.exited, "ended by a signal (SIGPIPE is 141)")
    #expect(!run.stderr.contains("error:"), "\(run.stderr)")
  }
}
