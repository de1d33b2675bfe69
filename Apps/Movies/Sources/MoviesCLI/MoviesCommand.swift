import AppCLI
import CommandLineParsing
import Foundation
import MovieCatalog
import MovieCatalogRecording
import MoviesFeature
import Terminal

/// The `movies` command: made from its options, then run as the pager they and the terminal
/// pick.
///
/// Every decision about paging (what loads when, what is ignored, when the list ends) is the
/// `Movies` feature's; this file only reads the command line and the environment, builds the
/// catalog (``Composition``) and hands it to ``Scripted`` or ``Interactive``.
public struct MoviesCommand: Command {
  /// What `movies` accepts, in help order.
  public struct Arguments: CommandArguments {
    /// `--pages N`: TMDB serves at most 500 pages of a list.
    let pages = OptionValue<Int?>(
      "pages", valueName: "N", help: "Print the first N pages (1-500) and exit (scripted mode)",
      in: 1...500)
    /// `--json`.
    let json = Flag(
      "json", help: "Print the movies as one JSON object, with any page error (scripted mode)")
    /// `--language CODE`.
    let language = OptionValue<String>(
      "language", valueName: "CODE", help: "The live API's language", default: "en-US")
    /// `--source`, `--api-base` and `--timeout`.
    let source = SourceOptions.Arguments(service: "TMDB", liveWhen: "TMDB_API_KEY is set")
    /// `--record FILE`.
    let record = RecordOption()

    /// The declarations.
    public init() {}
  }

  /// What `movies` is.
  public static let spec = CommandSpec(
    name: "movies", abstract: "Browse TMDB's popular movies, page by page.", version: "1.0.0")

  /// A recording of `movies`.
  typealias Recording = CommandRecording<Movies.State, Movies.Event, MovieCatalogCall>

  private let pages: Int?
  private let json: Bool
  private let composition: Composition
  private let recordPath: String?
  private let environment: [String: String]

  /// Reads and checks the command line, and picks the catalog.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (`TMDB_API_KEY`, `NO_COLOR`, `TERM`).
  /// - Throws: ``UsageError`` for bad option values, `CommandFailure` for live without a
  ///   credential.
  public init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    pages = try arguments.pages
    json = arguments.json
    composition = try Composition.choose(
      arguments.source, token: environment["TMDB_API_KEY"], language: try arguments.language)
    recordPath = try arguments.record
    self.environment = environment
  }

  /// Scripted when `--pages` or `--json` is given or input or output is not a terminal,
  /// interactive otherwise.
  ///
  /// - Throws: `CommandFailure` when the list cannot be loaded, ``RecordingError`` when the
  ///   recording cannot be written.
  public func run() async throws {
    let recording = try recordPath.map { path in
      try Recording(path: path, app: Self.spec.name, initialState: Movies.State())
    }
    // After every argument is checked: a usage error prints nothing but its own lines.
    if let notice = composition.notice { StandardError.writeLine(notice) }

    let catalog =
      recording.map { composition.catalog.recording(into: $0.recorder) } ?? composition.catalog

    let terminal = TerminalCapabilities.detect(environment: environment)
    // Written whatever the outcome: a failed run is what a bug report needs most.
    try await CommandRecording.writing(recording) {
      if pages == nil, !json, terminal.isInteractive {
        try await Interactive(
          catalog: catalog, recording: recording, label: composition.label, terminal: terminal
        ).run()
      } else {
        let format: Scripted.Format = json ? .json : .text(useColor: terminal.supportsColor)
        try await Scripted(
          catalog: catalog, recording: recording, pages: pages ?? 1, format: format
        ).run()
      }
    }
  }
}
