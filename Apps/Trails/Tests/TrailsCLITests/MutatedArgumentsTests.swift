import Foundation
import TestSupport
import Testing

/// The real `trails` binary run with 30 mutated command lines: each exits 0, 1 or 2, never by
/// a signal.
///
/// The lists come from offline command lines through ``ArgumentMutation`` with a fixed seed;
/// no token names the live source, so no run leaves the machine. Every list starts with a
/// database in a temporary folder, and `XDG_DATA_HOME` points there too, for the lists that
/// lose their `--db`.
struct MutatedArgumentsTests {
  static let bases: [[String]] = [
    [], ["regions"], ["--json", "plan"], ["region", "silver-coast"], ["trail", "gull-point-loop"],
    ["plan", "add", "gull-point-loop", "--day", "2"], ["plan", "remove", "cinder-corrie"],
    ["plan", "move", "tidepool-steps", "--to-day", "3", "--day", "1"],
    ["plan", "date", "2026-12-01"], ["plan", "clear"], ["open", "trails://plan"],
    ["--source", "fixtures", "plan", "add", "--help"],
  ]
  static let tokens = [
    "regions", "region", "trail", "plan", "add", "remove", "move", "date", "clear", "open",
    "--json", "--day", "--to-day", "trails://trail/x", "gull-point-loop", "15",
  ]

  @Test func mutatedArgumentListsExitWithZeroOneOrTwoAndNeverBySignal() async throws {
    let folder = try TemporaryFolder("trails-cli")
    let lists = ArgumentMutation.lists(
      from: Self.bases.map { ["--db", folder.path("plan.sqlite")] + $0 }, tokens: Self.tokens,
      count: 30, seed: 0xB1_0003)
    for arguments in lists {
      let run = try await CommandRun.run(
        "trails", arguments, environment: ["XDG_DATA_HOME": folder.path("xdg"), "NO_COLOR": "1"])
      let shown = arguments.map { String($0.prefix(40)) }
      #expect(run.exited, "trails \(shown) ended by signal \(run.status)")
      #expect(
        [0, 1, 2].contains(run.status),
        "trails \(shown) exited \(run.status), expected 0, 1 or 2: \(run.stderr.prefix(300))"
      )
    }
  }
}
