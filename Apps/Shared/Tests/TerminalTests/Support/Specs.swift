import CommandLineParsing

/// Command specs shaped like the apps', shared by the parser and CLI tests.
enum Specs {
  static let movies = CommandSpec(
    name: "movies", abstract: "Popular movies, page by page.", version: "1.2.0",
    options: [
      .value("pages", short: "p", valueName: "n", help: "How many pages to load.", default: "1"),
      .flag("json", help: "Print JSON instead of text."),
      .value("source", help: "Where movies come from."),
    ])

  static let search = CommandSpec(
    name: "movie-search", abstract: "Search movies.",
    options: [.flag("json", help: "Print JSON instead of text.")],
    positionals: [Positional("query", help: "What to search for.", isOptional: true)])

  static let trails = CommandSpec(
    name: "trails", abstract: "Explore trails and plan a trip.", version: "0.1.0",
    options: [.flag("json", help: "Print JSON instead of text.")],
    subcommands: [
      CommandSpec(name: "regions", abstract: "List the regions."),
      CommandSpec(
        name: "plan", abstract: "Show the plan.",
        subcommands: [
          CommandSpec(
            name: "add", abstract: "Add a trail to the plan.",
            options: [.value("day", short: "d", help: "The day to add it to.", default: "1")],
            positionals: [Positional("trail", help: "The trail's id.")])
        ]),
      CommandSpec(
        name: "open", abstract: "Open a deep link.",
        positionals: [Positional("link", help: "A trails:// link.")]),
    ])
}

/// A string enum read from the command line.
enum Source: String, CaseIterable, ArgumentValue {
  case fixtures
  case live
}

extension ParseResult {
  /// The parsed arguments, or `nil` for help and version.
  var arguments: ParsedArguments? {
    if case .run(let arguments) = self { arguments } else { nil }
  }
}
