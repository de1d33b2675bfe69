import Foundation
import SearchFeature
import Terminal

/// The `movie-search` command: its options, and the composition root that picks the catalog
/// and the mode.
///
/// Every decision about the search lives in `SearchFeature`; this file reads the command
/// line, builds the catalog and hands it to ``ScriptedSearch`` or ``InteractiveSearch``.
public enum SearchCommand {
  /// The command line `movie-search` accepts.
  public static let spec = CommandSpec(
    name: "movie-search",
    abstract: """
      Search TMDB for movies. With a query, print its results; with none, read queries from \
      standard input, one a line, or on a terminal type and watch results appear.
      """,
    version: "1.0.0",
    options: [
      .flag("json", help: "Print the results as JSON"),
      .value(
        "limit", valueName: "N",
        help: "Print at most N results (1-10000), loading more pages if needed"),
    ] + SourceOptions.options(service: "TMDB", liveWhen: "TMDB_API_KEY is set")
      + [RecordOption.option],
    positionals: [Positional("query", help: "What to search for", isOptional: true)])

  /// Runs `movie-search` with parsed arguments: one query from the arguments, queries from
  /// standard input, or the interactive search on a terminal.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Throws: ``UsageError`` for bad option values, `SearchCLIError` when a search fails,
  ///   ``ExitCode/partial`` when results came from the offline fallback or are incomplete.
  public static func run(_ arguments: ParsedArguments) async throws {
    let token = Composition.token(in: ProcessInfo.processInfo.environment)
    let options = try SearchOptions(arguments, hasToken: token != nil)
    let terminal = TerminalCapabilities.detect()
    let interactive = options.query == nil && terminal.isInteractive && !options.json
    // Queries from arguments or standard input arrive whole: no debounce (ScriptedSearch).
    let setup = try Composition(
      options: options, token: token, debounce: interactive ? Search.defaultDebounce : .zero)
    if let notice = setup.notice {
      StandardError.writeLine(notice)
    }
    // Written whatever the outcome: a failed run is what a bug report needs most.
    try await CommandRecording.writing(setup.recording) {
      if let query = options.query {
        try await ScriptedSearch(setup: setup, options: options).run(query: query)
      } else if interactive {
        try await InteractiveSearch(setup: setup, terminal: terminal).run()
      } else {
        try await ScriptedSearch(setup: setup, options: options).runLines()
      }
    }
  }
}
