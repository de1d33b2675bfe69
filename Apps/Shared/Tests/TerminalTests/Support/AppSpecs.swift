import Terminal

/// The three apps' command lines, copied from their executables.
///
/// A test target cannot import an executable, so these mirror `MoviesCommand.spec`,
/// movie-search's `main.swift` and `TrailsCommand.spec`. Help texts are shortened; names,
/// value names, defaults, positionals and subcommands are the apps'.
enum AppSpecs {
  static let movies = CommandSpec(
    name: "movies", abstract: "Browse TMDB's popular movies, page by page.", version: "1.0.0",
    options: [
      .value("pages", valueName: "N", help: "Print the first N pages and exit"),
      .flag("json", help: "Print the movies as a JSON array"),
      .value("source", valueName: "SOURCE", help: "fixtures or live"),
      .value(
        "api-base", valueName: "URL", help: "The live API's base URL",
        default: "https://api.themoviedb.org"),
      .value("language", valueName: "CODE", help: "The live API's language", default: "en-US"),
    ])

  static let search = CommandSpec(
    name: "movie-search", abstract: "Search TMDB for movies.", version: "1.0.0",
    options: [
      .flag("json", help: "Print the results as JSON"),
      .value("limit", valueName: "N", help: "Print at most N results"),
      .value("source", valueName: "SOURCE", help: "fixtures or live"),
      .value("api-base", valueName: "URL", help: "Send live requests to URL instead of TMDB"),
    ],
    positionals: [Positional("query", help: "What to search for", isOptional: true)])

  static let trails = CommandSpec(
    name: "trails", abstract: "Explore trails, plan a trip by day.", version: "1.0.0",
    options: [
      .flag("json", help: "Print JSON instead of text"),
      .value("db", valueName: "PATH", help: "The plan's database"),
      .value("source", valueName: "SOURCE", help: "fixtures or live"),
      .value("api-base", valueName: "URL", help: "The Open-Meteo host for --source live"),
    ],
    subcommands: [
      CommandSpec(name: "regions", abstract: "List the regions."),
      CommandSpec(
        name: "region", abstract: "Show a region and its trails.",
        positionals: [Positional("id", help: "The region's id")]),
      CommandSpec(
        name: "trail", abstract: "Show a trail and the forecast at its trailhead.",
        positionals: [Positional("id", help: "The trail's id")]),
      CommandSpec(
        name: "plan", abstract: "Show the plan, or change it.",
        subcommands: [
          CommandSpec(
            name: "add", abstract: "Add a trail to a day of the plan.",
            options: [.value("day", valueName: "N", help: "The day", default: "1")],
            positionals: [trail]),
          CommandSpec(
            name: "remove", abstract: "Remove a trail from a day, or from every day.",
            options: [.value("day", valueName: "N", help: "The day")],
            positionals: [trail]),
          CommandSpec(
            name: "move", abstract: "Move a trail to another day.",
            options: [
              .value("to-day", valueName: "N", help: "The day to move it to"),
              .value("day", valueName: "N", help: "The day it is on"),
            ],
            positionals: [trail]),
          CommandSpec(
            name: "date", abstract: "Set the day the plan starts.",
            positionals: [Positional("date", help: "The start day, YYYY-MM-DD")]),
          CommandSpec(name: "clear", abstract: "Remove every day from the plan."),
        ]),
      CommandSpec(
        name: "open", abstract: "Open a link.",
        positionals: [Positional("link", help: "The deep link")]),
    ])

  private static var trail: Positional { Positional("trail", help: "The trail's id") }
}
