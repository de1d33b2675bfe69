import TestSupport
import Testing

/// The real `movie-search` binary run with 30 mutated command lines: each exits 0, 1 or 2,
/// never by a signal.
///
/// The lists come from offline command lines through ``ArgumentMutation`` with a fixed seed;
/// no token names the live source, so no run leaves the machine. Standard input is empty, so
/// a run without a query reads no queries and ends.
struct MutatedArgumentsTests {
  static let bases: [[String]] = [
    [], ["star"], ["--json", "--limit", "3", "star wars"], ["--source", "fixtures", "amélie"],
    ["--source=fixtures", "--json", "ghost"], ["--", "--json"], ["-h"], ["--version"],
  ]
  static let tokens = ["--json", "--limit", "--source", "fixtures", "star", "3"]

  @Test func mutatedArgumentListsExitWithZeroOneOrTwoAndNeverBySignal() async throws {
    let lists = ArgumentMutation.lists(
      from: Self.bases, tokens: Self.tokens, count: 30, seed: 0xB1_0002)
    for arguments in lists {
      let run = try await CommandRun.run(
        "movie-search", arguments, environment: ["TMDB_API_KEY": "", "NO_COLOR": "1"])
      let shown = arguments.map { String($0.prefix(40)) }
      #expect(run.exited, "movie-search \(shown) ended by signal \(run.status)")
      #expect(
        [0, 1, 2].contains(run.status),
        "movie-search \(shown) exited \(run.status), expected 0, 1 or 2: \(run.stderr.prefix(300))"
      )
    }
  }
}
