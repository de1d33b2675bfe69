import Testing

@testable import AppCLI
@testable import CommandLineParsing
@testable import Terminal

struct CLITests {
  /// What one run printed and returned.
  private struct Run {
    var output = ""
    var errorOutput = ""
    var code = ExitCode.success
  }

  private struct OfflineError: UserFacingError {
    var userMessage: String { "the movie service is unreachable\n(try --source fixtures)" }
  }

  private struct PlainError: Error, CustomStringConvertible {
    var description: String { "disk\nfull" }
  }

  private func run(
    _ spec: CommandSpec, _ arguments: [String],
    _ body: (ParsedArguments) async throws -> Void = { _ in }
  ) async -> Run {
    var run = Run()
    run.code = await CLI.execute(
      spec, arguments: arguments, output: { run.output += $0 },
      errorOutput: { run.errorOutput += $0 }, body)
    return run
  }

  @Test func bodyRunsAndTheExitIsZeroWhenArgumentsFit() async {
    var pages: Int?
    let result = await run(Specs.movies, ["--pages", "2"]) { parsed in
      pages = try parsed.value("pages", as: Int.self)
    }
    #expect(pages == 2)
    #expect(result.code == .success)
    #expect(result.output.isEmpty && result.errorOutput.isEmpty)
  }

  @Test func helpGoesToStandardOutputAndExitsZeroWhenAsked() async {
    let result = await run(Specs.movies, ["-h"]) { _ in Issue.record("ran despite --help") }
    #expect(result.output == Specs.movies.helpText() + "\n")
    #expect(result.code == .success)
    let version = await run(Specs.movies, ["--version"])
    #expect(version.output == "movies 1.2.0\n")
  }

  @Test func usageErrorGoesToStandardErrorAndExitsTwoWhenArgumentsDoNotFit() async {
    let result = await run(Specs.movies, ["--pagez", "3"])
    #expect(
      result.errorOutput
        == "error: unknown option '--pagez' (did you mean '--pages'?)\nusage: movies [options]\n")
    #expect(result.code == .usage)
    #expect(result.code.rawValue == 2)
    let typed = await run(Specs.movies, ["--pages", "x"]) { parsed in
      _ = try parsed.value("pages", as: Int.self)
    }
    #expect(
      typed.errorOutput == "error: --pages expects an integer, got 'x'\nusage: movies [options]\n")
    #expect(typed.code == .usage)
  }

  @Test func userFacingErrorPrintsOneLineAndExitsOneWhenThrown() async {
    let result = await run(Specs.movies, []) { _ in throw OfflineError() }
    #expect(
      result.errorOutput == "error: the movie service is unreachable (try --source fixtures)\n")
    #expect(result.code == .failure)
    #expect(result.output.isEmpty)
  }

  @Test func otherErrorPrintsItsDescriptionOnOneLineWhenThrown() async {
    let result = await run(Specs.movies, []) { _ in throw PlainError() }
    #expect(result.errorOutput == "error: disk full\n")
    #expect(result.code == .failure)
  }

  @Test func thrownExitCodeExitsWithItQuietlyWhenTheAppChoseIt() async {
    let result = await run(Specs.movies, []) { _ in throw ExitCode.interrupted }
    #expect(result.code == .interrupted)
    #expect(result.code.rawValue == 130)
    #expect(result.errorOutput.isEmpty)
  }

  @Test func terminalErrorReadsAsOneLineWhenItReachesTheUser() {
    var printed = ""
    let code = CLI.exitCode(for: TerminalError.notATerminal(descriptor: 0)) { printed += $0 }
    #expect(printed == "error: file descriptor 0 is not a terminal\n")
    #expect(code == .failure)
  }
}
