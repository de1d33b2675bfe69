// movie-search: the debounced movie search on the command line. The composition root and a
// renderer: every decision about the search lives in SearchFeature.

import Terminal

let spec = CommandSpec(
  name: "movie-search",
  abstract: """
    Search TMDB for movies. With a query, print its results; with none, read queries from \
    standard input, one a line, or on a terminal type and watch results appear.
    """,
  version: "1.0.0",
  options: [
    .flag("json", help: "Print the results as JSON"),
    .value("limit", valueName: "N", help: "Print at most N results, loading more pages if needed"),
    .value(
      "source", valueName: "SOURCE",
      help: "fixtures (bundled) or live (TMDB); live when TMDB_API_KEY is set"),
    .value("api-base", valueName: "URL", help: "Send live requests to URL instead of TMDB"),
  ],
  positionals: [Positional("query", help: "What to search for", isOptional: true)])

await CLI.run(spec) { arguments in
  let options = try SearchOptions(arguments)
  let setup = try Composition(options: options)
  if let notice = setup.notice {
    StandardError.writeLine(notice)
  }
  let terminal = TerminalCapabilities.detect()
  if let query = options.query {
    try await ScriptedSearch(setup: setup, options: options).run(query: query)
  } else if terminal.isInteractive, !options.json {
    try await InteractiveSearch(setup: setup, terminal: terminal).run()
  } else {
    try await ScriptedSearch(setup: setup, options: options).runLines()
  }
}
