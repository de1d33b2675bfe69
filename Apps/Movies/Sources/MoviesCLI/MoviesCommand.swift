import Foundation
import MovieCatalog
import MovieCatalogRecording
import MoviesFeature
import Terminal

/// The `movies` command: its options, and the composition root that picks the catalog and
/// the mode.
///
/// Every decision about paging (what loads when, what is ignored, when the list ends) is the
/// `Movies` feature's; this file only reads the command line and the environment, builds the
/// catalog and hands it to ``ScriptedPager`` or ``InteractivePager``.
public enum MoviesCommand {
  /// The command line `movies` accepts.
  public static let spec = CommandSpec(
    name: "movies",
    abstract: "Browse TMDB's popular movies, page by page.",
    version: "1.0.0",
    options: [
      .value(
        "pages", valueName: "N", help: "Print the first N pages (1-500) and exit (scripted mode)"),
      .flag("json", help: "Print the movies as a JSON array (scripted mode)"),
      .value("language", valueName: "CODE", help: "The live API's language", default: "en-US"),
    ] + SourceOptions.options(service: "TMDB", liveWhen: "TMDB_API_KEY is set")
      + [RecordOption.option])

  /// A recording of `movies`.
  typealias Recording = CommandRecording<Movies.State, Movies.Event, MovieCatalogCall>

  /// Runs `movies` with parsed arguments: scripted when `--pages` or `--json` is given or
  /// input or output is not a terminal, interactive otherwise.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (`TMDB_API_KEY`, `NO_COLOR`, `TERM`).
  /// - Throws: ``UsageError`` for bad option values, ``MoviesCLIError`` when the list cannot
  ///   be loaded.
  public static func run(_ arguments: ParsedArguments, environment: [String: String]) async throws {
    let pages = try pageCount(arguments)
    let json = arguments.flag("json")
    let choice = try CatalogChoice.choose(
      arguments, token: environment["TMDB_API_KEY"],
      language: arguments.value("language") ?? "en-US")
    let recording = try RecordOption.path(in: arguments).map { path in
      try Recording(path: path, app: spec.name, initialState: Movies.State())
    }
    // After every argument is checked: a usage error prints nothing but its own lines.
    if let notice = choice.notice { StandardError.writeLine(notice) }

    let catalog = recording.map { choice.catalog.recording(into: $0.recorder) } ?? choice.catalog

    let terminal = TerminalCapabilities.detect(environment: environment)
    // Written whatever the outcome: a failed run is what a bug report needs most.
    try await CommandRecording.writing(recording) {
      if pages == nil, !json, terminal.isInteractive {
        try await InteractivePager(
          catalog: catalog, recording: recording, label: choice.label, terminal: terminal
        ).run()
      } else {
        let format: ScriptedPager.Format = json ? .json : .text(useColor: terminal.supportsColor)
        try await ScriptedPager(
          catalog: catalog, recording: recording, pages: pages ?? 1, format: format
        ).run()
      }
    }
  }

  /// The pages `--pages` may ask for: TMDB serves at most 500 of a list.
  static let pageRange = 1...500

  /// `--pages`: from 1 to 500, or `nil` when not given.
  private static func pageCount(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
    try arguments.value("pages", as: Int.self, in: pageRange)
  }
}
