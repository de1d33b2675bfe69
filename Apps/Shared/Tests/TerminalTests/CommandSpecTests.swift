import Testing

@testable import CommandLineParsing

struct CommandSpecTests {
  private func parse(_ spec: CommandSpec, _ arguments: String...) throws -> ParsedArguments {
    try #require(try spec.parse(arguments).arguments)
  }

  private func usageError(_ spec: CommandSpec, _ arguments: String...) -> UsageError? {
    do {
      _ = try spec.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test func optionValueIsReadWhenGivenAsSeparateInlineOrShort() throws {
    #expect(try parse(Specs.movies, "--pages", "3").value("pages") == "3")
    #expect(try parse(Specs.movies, "--pages=3").value("pages") == "3")
    #expect(try parse(Specs.movies, "-p", "3").value("pages") == "3")
  }

  @Test func defaultsApplyWhenOptionsAreAbsent() throws {
    let parsed = try parse(Specs.movies)
    #expect(parsed.value("pages") == "1")
    #expect(parsed.value("source") == nil)
    #expect(!parsed.flag("json"))
    #expect(!parsed.isGiven("pages"))
    #expect(parsed.subcommandPath.isEmpty)
    #expect(parsed.positionals.isEmpty)
  }

  @Test func aRepeatingLastArgumentTakesEveryArgumentLeftAndShowsAsSuch() throws {
    let spec = CommandSpec(
      name: "tool", abstract: "Merges.",
      options: [.value("format", valueName: "FORMAT", help: "How")],
      positionals: [
        Positional("into", help: "Where"), Positional("part", help: "A part", repeats: true),
      ])
    let parsed = try parse(spec, "out", "a", "--format", "json", "b", "c")
    #expect(parsed.positionals == ["out", "a", "b", "c"])
    #expect(parsed.value("format") == "json")
    #expect(usageError(spec, "out")?.message == "missing argument <part>")
    #expect(spec.helpText().contains("USAGE: tool [options] <into> <part>..."))
    #expect(spec.helpText().contains("  <part>...   "))
  }

  @Test func anOptionNotInheritedIsTheDeclaringCommandsOnly() throws {
    let spec = CommandSpec(
      name: "tool", abstract: "Runs or merges.",
      options: [
        .value("format", valueName: "FORMAT", help: "How", default: "text"),
        .value("seed", valueName: "N", help: "Seed", default: "1").notInherited(),
      ],
      subcommands: [CommandSpec(name: "merge", abstract: "Merges.")])
    #expect(try parse(spec, "--seed", "2").value("seed") == "2")
    #expect(try parse(spec, "merge", "--format", "json").value("format") == "json")
    #expect(usageError(spec, "merge", "--seed", "2")?.message == "unknown option '--seed'")
    let help = spec.helpText(for: ["merge"])
    #expect(help.contains("--format") && !help.contains("--seed"))
  }

  @Test func flagIsSetWhenGiven() throws {
    let parsed = try parse(Specs.movies, "--json", "--pages", "2")
    #expect(parsed.flag("json"))
    #expect(parsed.isGiven("json"))
    #expect(parsed.isGiven("pages"))
  }

  @Test func negativeNumberIsAValueWhenAnOptionExpectsOne() throws {
    let parsed = try parse(Specs.trails, "plan", "add", "ben", "--day", "-1")
    #expect(parsed.value("day") == "-1")
  }

  @Test func doubleDashEndsOptionsWhenPresent() throws {
    let parsed = try parse(Specs.search, "--", "--json")
    #expect(parsed.positional(0) == "--json")
    #expect(!parsed.flag("json"))
    let help = try parse(Specs.search, "--json", "--", "-h")
    #expect(help.positional(named: "query") == "-h")
  }

  @Test func singleDashIsAPositionalWhenGiven() throws {
    #expect(try parse(Specs.search, "-").positional(0) == "-")
  }

  @Test func subcommandsAreFollowedWhenNamed() throws {
    let parsed = try parse(Specs.trails, "plan", "add", "ben-nevis", "--day", "2", "--json")
    #expect(parsed.subcommandPath == ["plan", "add"])
    #expect(parsed.positional(named: "trail") == "ben-nevis")
    #expect(parsed.value("day") == "2")
    #expect(parsed.flag("json"))
    #expect(parsed.usage == "usage: trails plan add [options] <trail>")
  }

  @Test func parentOptionsAreAcceptedWhenGivenBeforeTheSubcommand() throws {
    let parsed = try parse(Specs.trails, "--json", "regions")
    #expect(parsed.subcommandPath == ["regions"])
    #expect(parsed.flag("json"))
    #expect(try parse(Specs.trails, "plan").subcommandPath == ["plan"])
    #expect(try parse(Specs.trails).subcommandPath.isEmpty)
  }

  @Test func repeatedOptionIsAUsageErrorWhenGivenTwice() {
    #expect(
      usageError(Specs.movies, "--pages", "2", "-p", "3")
        == UsageError("option '--pages' given more than once", usage: "usage: movies [options]"))
    #expect(
      usageError(Specs.movies, "--json", "--json")?.message
        == "option '--json' given more than once")
  }

  @Test func unknownOptionSuggestsTheNearestWhenCloseEnough() {
    let error = usageError(Specs.movies, "--pagez", "3")
    #expect(
      error
        == UsageError(
          "unknown option '--pagez' (did you mean '--pages'?)", usage: "usage: movies [options]"))
    #expect(
      error?.description
        == "error: unknown option '--pagez' (did you mean '--pages'?)\nusage: movies [options]")
    #expect(
      usageError(Specs.movies, "--jsno")?.message
        == "unknown option '--jsno' (did you mean '--json'?)")
    #expect(
      usageError(Specs.movies, "--verison")?.message
        == "unknown option '--verison' (did you mean '--version'?)")
  }

  @Test func unknownOptionHasNoSuggestionWhenNothingIsClose() {
    #expect(usageError(Specs.movies, "--colour")?.message == "unknown option '--colour'")
    #expect(usageError(Specs.movies, "--zz=1")?.message == "unknown option '--zz'")
    #expect(usageError(Specs.movies, "-x")?.message == "unknown option '-x'")
    #expect(usageError(Specs.movies, "-pj")?.message == "unknown option '-pj'")
  }

  @Test func missingValueIsAUsageErrorWhenTheOptionEndsTheLineOrAnotherFollows() {
    #expect(usageError(Specs.movies, "--pages")?.message == "missing value for option '--pages'")
    #expect(usageError(Specs.movies, "-p", "--json")?.message == "missing value for option '-p'")
    #expect(
      usageError(Specs.movies, "--pages", "")?.message
        == "option '--pages' needs a <n>, got an empty one")
    #expect(
      usageError(Specs.movies, "--pages=")?.message
        == "option '--pages' needs a <n>, got an empty one")
  }

  @Test func flagWithAValueIsAUsageErrorWhenGivenInline() {
    #expect(
      usageError(Specs.movies, "--json=yes")?.message == "option '--json' does not take a value")
  }

  @Test func extraPositionalIsAUsageErrorWhenTheCommandTakesNoMore() {
    #expect(
      usageError(Specs.movies, "dune")
        == UsageError("unexpected argument 'dune'", usage: "usage: movies [options]"))
    #expect(
      usageError(Specs.search, "star", "wars")
        == UsageError(
          "unexpected argument 'wars'", usage: "usage: movie-search [options] [<query>]"))
    #expect(usageError(Specs.trails, "open", "a", "b")?.message == "unexpected argument 'b'")
  }

  @Test func missingPositionalIsAUsageErrorWhenRequired() {
    #expect(
      usageError(Specs.trails, "plan", "add", "--day", "2")
        == UsageError("missing argument <trail>", usage: "usage: trails plan add [options] <trail>")
    )
  }

  @Test func unknownCommandSuggestsTheNearestWhenCloseEnough() {
    #expect(
      usageError(Specs.trails, "plam")
        == UsageError(
          "unknown command 'plam' (did you mean 'plan'?)",
          usage: "usage: trails [<subcommand>] [options]"))
    #expect(usageError(Specs.trails, "plan", "remove")?.message == "unknown command 'remove'")
  }

  @Test func subcommandOptionIsUnknownWhenGivenBeforeTheSubcommand() {
    #expect(
      usageError(Specs.trails, "--day", "2", "plan", "add", "x")?.message
        == "unknown option '--day'")
  }

  @Test func helpIsReturnedWhenAskedForAnywhere() throws {
    #expect(try Specs.movies.parse(["--help"]) == .help(Specs.movies.helpText()))
    #expect(try Specs.movies.parse(["--pages", "3", "-h"]) == .help(Specs.movies.helpText()))
    #expect(try Specs.movies.parse(["--pagez", "--help"]) == .help(Specs.movies.helpText()))
    #expect(
      try Specs.trails.parse(["plan", "add", "--help"])
        == .help(Specs.trails.helpText(for: ["plan", "add"])))
    #expect(
      try Specs.trails.parse(["plan", "--bogus", "-h"])
        == .help(Specs.trails.helpText(for: ["plan"])))
  }

  @Test func versionIsReturnedWhenTheRootHasOne() throws {
    #expect(try Specs.movies.parse(["--version"]) == .version("movies 1.2.0"))
    #expect(try Specs.trails.parse(["plan", "--version"]) == .version("trails 0.1.0"))
    #expect(usageError(Specs.search, "--version")?.message == "unknown option '--version'")
  }

  @Test func helpTextListsOptionsWithDefaultsWhenTheCommandHasNoSubcommands() {
    #expect(
      Specs.movies.helpText() == """
        Popular movies, page by page.

        USAGE: movies [options]

        OPTIONS:
          -p, --pages <n>    How many pages to load. (default: 1)
          --json             Print JSON instead of text.
          --source <source>  Where movies come from.
          -h, --help         Show help information.
          --version          Show the version.

        EXIT STATUS:
          0    The whole answer, from the source asked for
          1    Failed: nothing printed on stdout, one error: line on stderr
          2    Bad arguments: the usage line on stderr
          3    Partial: some is missing or from the fixtures; stderr says what
          130  Interrupted by Ctrl-C (143 by SIGTERM)
        """)
  }

  @Test func helpTextListsArgumentsAndInheritedOptionsWhenForASubcommand() {
    #expect(
      Specs.trails.helpText(for: ["plan", "add"]) == """
        Add a trail to the plan.

        USAGE: trails plan add [options] <trail>

        ARGUMENTS:
          <trail>          The trail's id.

        OPTIONS:
          -d, --day <day>  The day to add it to. (default: 1)
          --json           Print JSON instead of text.
          -h, --help       Show help information.
          --version        Show the version.

        EXIT STATUS:
          0    The whole answer, from the source asked for
          1    Failed: nothing printed on stdout, one error: line on stderr
          2    Bad arguments: the usage line on stderr
          3    Partial: some is missing or from the fixtures; stderr says what
          130  Interrupted by Ctrl-C (143 by SIGTERM)
        """)
  }

  @Test func helpTextListsSubcommandsWhenTheCommandHasSome() {
    #expect(
      Specs.trails.helpText() == """
        Explore trails and plan a trip.

        USAGE: trails [<subcommand>] [options]

        OPTIONS:
          --json      Print JSON instead of text.
          -h, --help  Show help information.
          --version   Show the version.

        SUBCOMMANDS:
          regions     List the regions.
          plan        Show the plan.
          open        Open a deep link.

        EXIT STATUS:
          0    The whole answer, from the source asked for
          1    Failed: nothing printed on stdout, one error: line on stderr
          2    Bad arguments: the usage line on stderr
          3    Partial: some is missing or from the fixtures; stderr says what
          130  Interrupted by Ctrl-C (143 by SIGTERM)
        """)
    #expect(Specs.search.usageLine() == "usage: movie-search [options] [<query>]")
  }
  @Test func helpTextStatesTheRootsOwnExitStatusesInEverySubcommand() {
    let spec = CommandSpec(
      name: "checker", abstract: "Checks things.",
      subcommands: [CommandSpec(name: "merge", abstract: "Merges reports.")],
      exitStatuses: ExitStatuses([
        .init("0", "Every check passed"), .init("1", "A check failed"),
        .init("2", "Bad arguments"),
      ]))
    let block = """
      EXIT STATUS:
        0  Every check passed
        1  A check failed
        2  Bad arguments
      """
    #expect(spec.helpText().hasSuffix("\n\n" + block))
    // A subcommand is of its root's kind: the same block, never the apps' rule.
    #expect(spec.helpText(for: ["merge"]).hasSuffix("\n\n" + block))
    #expect(!spec.helpText(for: ["merge"]).contains("Partial"))
    // No statuses, no section.
    let quiet = CommandSpec(name: "quiet", exitStatuses: ExitStatuses([]))
    #expect(!quiet.helpText().contains("EXIT STATUS"))
  }

  @Test func helpTextWrapsAtEightyColumnsUnderItsColumnWhenTextIsLong() {
    let spec = CommandSpec(
      name: "tool",
      abstract: "Does a thing to every file it is given, one at a time, and says what it did on "
        + "standard error.",
      options: [
        .value(
          "source", valueName: "SOURCE",
          help: "fixtures (bundled, offline) or live (TMDB); live when TMDB_API_KEY is set, "
            + "else fixtures")
      ])
    let help = spec.helpText()
    #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(help)")
    #expect(
      help.hasPrefix(
        """
        Does a thing to every file it is given, one at a time, and says what it did on
        standard error.
        """))
    #expect(
      help.contains(
        """
          --source <SOURCE>  fixtures (bundled, offline) or live (TMDB); live when
                             TMDB_API_KEY is set, else fixtures
        """))
  }
}
