import Foundation
import TestSupport
import Testing

/// What `conformance --help` and `conformance merge --help` offer, and what the command says
/// of a file it cannot read: its own exit statuses, only the options a subcommand takes, the
/// file named with the cause.
@Suite(.scaledTimeLimit(minutes: 1))
struct CommandHelpTests {
  /// conformance's statuses, not the apps' (no partial answer, nothing about stdout).
  static let exitStatus = """
    EXIT STATUS:
      0    Every check passed (or the diagram, replay, merge, page or test was made)
      1    A check failed, or a file could not be read or written: stderr says which
      2    Bad arguments: the usage line on stderr
      130  Interrupted by Ctrl-C
    """

  @Test func theHelpAndMergesHelpStateConformancesOwnExitStatuses() async throws {
    for arguments in [
      ["--help"], ["merge", "--help"], ["help", "merge"], ["view", "--help"],
      ["export-test", "--help"],
    ] {
      let run = try await CommandRun.run("conformance", arguments)
      #expect(run.status == 0)
      #expect(run.stdout.hasSuffix(Self.exitStatus + "\n"), "\(arguments): \(run.stdout)")
      #expect(!run.stdout.contains("Partial"), "\(arguments)")
    }
  }

  @Test func mergesHelpOffersOnlyWhatMergeTakes() async throws {
    let help = try await CommandRun.run("conformance", ["merge", "--help"])
    // --min-machine-kills judges the shards' mutants; --mutate is the shards' option.
    #expect(help.stdout.contains("--min-machine-kills <P>"))
    #expect(!help.stdout.contains("  --mutate "), "\(help.stdout)")
    #expect(!help.stdout.contains("With --mutate,"), "\(help.stdout)")
    let run = try await CommandRun.run("conformance", ["--help"])
    let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("Replay every DIR/<app>/*.json and *.jsonl recording too"))
  }

  @Test func aFileThatCannotBeReadIsNamedWithTheCause() async throws {
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("missing-\(UUID().uuidString).json").path
    let replay = try await CommandRun.run("conformance", ["--replay", missing])
    #expect(replay.status == 1)
    #expect(replay.stdoutLines == ["\(missing): cannot be read (no such file or directory)"])

    let folder = FileManager.default.temporaryDirectory.path
    let merge = try await CommandRun.run("conformance", ["merge", folder])
    #expect(merge.status == 1)
    #expect(merge.stderrLines == ["error: cannot read the report \(folder): is a directory"])

    let output = try await CommandRun.run(
      "conformance",
      ["--app", "template", "--depth", "1", "--recordings", folder, "--output", "\(missing)/r.txt"])
    #expect(output.status == 1)
    #expect(
      output.stderrLines.last
        == "error: cannot write the report to \(missing)/r.txt: no such file or directory")
  }
}
