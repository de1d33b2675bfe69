import TestSupport
import Testing

/// The real `movies` binary run with 30 mutated command lines: each exits 0, 1 or 2, never
/// by a signal.
///
/// The lists come from offline command lines through ``ArgumentMutation`` with a fixed seed;
/// no token names the live source, so no run leaves the machine.
struct MutatedArgumentsTests {
  static let bases: [[String]] = [
    [], ["--pages", "2"], ["--json", "--pages=3"], ["--source", "fixtures", "--json"],
    ["--source", "fixtures", "--api-base", "http://127.0.0.1:9", "--language", "fr-FR"],
    ["--help"], ["--version"],
  ]
  static let tokens = ["--pages", "--json", "--source", "--language", "fixtures", "2"]

  @Test func mutatedArgumentListsExitWithZeroOneOrTwoAndNeverBySignal() async throws {
    let lists = ArgumentMutation.lists(
      from: Self.bases, tokens: Self.tokens, count: 30, seed: 0xB1_0001)
    for arguments in lists {
      let run = try await MoviesBinary.run(arguments)
      let shown = arguments.map { String($0.prefix(40)) }
      #expect(run.exited, "movies \(shown) ended by signal \(run.status): \(run.stderr)")
      #expect(
        [0, 1, 2].contains(run.status),
        "movies \(shown) exited \(run.status), expected 0, 1 or 2: \(run.stderr.prefix(300))")
    }
  }
}
