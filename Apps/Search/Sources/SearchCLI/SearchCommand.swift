import AppCLI
import CommandLineParsing
import Foundation
import SearchFeature
import Terminal

/// The `movie-search` command: made from its options, then run in the mode they and the
/// terminal pick.
///
/// Every decision about the search lives in `SearchFeature`; this file reads the command
/// line, builds the catalog (``Composition``) and hands it to ``Scripted`` or
/// ``Interactive``.
public struct SearchCommand: Command {
  /// What `movie-search` accepts: ``SearchOptions/Arguments``.
  public struct Arguments: CommandArguments {
    /// The options and the query.
    let search = SearchOptions.Arguments()

    /// The declarations.
    public init() {}
  }

  /// What `movie-search` is.
  public static let spec = CommandSpec(
    name: "movie-search",
    abstract: """
      Search TMDB for movies. With a query, print its results; with none, read queries from \
      standard input, one a line, or on a terminal type and watch results appear.
      """,
    version: "1.0.0")

  private let options: SearchOptions
  private let token: String?

  /// Reads and checks the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (`TMDB_API_KEY`).
  /// - Throws: ``UsageError`` for bad option values.
  public init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    token = Composition.token(in: environment)
    options = try SearchOptions(arguments.search, hasToken: token != nil)
  }

  /// One query from the arguments, queries from standard input, or the interactive search on
  /// a terminal.
  ///
  /// - Throws: `CommandFailure` when a search fails, ``ExitCode/partial`` when results came
  ///   from the offline fallback or are incomplete.
  public func run() async throws {
    let terminal = TerminalCapabilities.detect()
    let interactive = options.query == nil && terminal.isInteractive && !options.json
    // Queries from arguments or standard input arrive whole: no debounce (Scripted).
    let setup = try Composition(
      options: options, token: token, debounce: interactive ? Search.defaultDebounce : .zero)
    if let notice = setup.notice {
      StandardError.writeLine(notice)
    }
    // Written whatever the outcome: a failed run is what a bug report needs most.
    try await CommandRecording.writing(setup.recording) {
      if let query = options.query {
        try await Scripted(setup: setup, options: options).run(query: query)
      } else if interactive {
        try await Interactive(setup: setup, terminal: terminal).run()
      } else {
        try await Scripted(setup: setup, options: options).runLines()
      }
    }
  }
}
