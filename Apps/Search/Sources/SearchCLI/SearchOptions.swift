import AppCLI
import CommandLineParsing
import Foundation

/// The command line of `movie-search`: its options and argument, declared once, and their
/// values, read and checked.
struct SearchOptions {
  /// What `movie-search` accepts, in help order.
  struct Arguments: ArgumentGroup {
    /// `--json`.
    let json = Flag("json", help: "Print the results as JSON")
    /// `--limit N`: TMDB serves at most 500 pages of 20.
    let limit = OptionValue<Int?>(
      "limit", valueName: "N",
      help: "Print at most N results (1-10000), loading more pages if needed", in: 1...10_000)
    /// `--source`, `--api-base` and `--timeout`.
    let source = SourceOptions.Arguments(service: "TMDB", liveWhen: "TMDB_API_KEY is set")
    /// `--record FILE`.
    let record = RecordOption()
    /// `<query>`.
    let query = Argument<String?>("query", help: "What to search for")
  }

  /// The query argument, if given.
  var query: String?
  /// `--json`.
  var json: Bool
  /// `--limit`, if given.
  var limit: Int?
  /// `--source` and `--api-base`.
  var source: SourceOptions
  /// `--record`: the recording file to write, if given.
  var record: String?

  /// Reads and checks the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - hasToken: Whether `TMDB_API_KEY` is set, which makes live the default source.
  /// - Throws: ``UsageError`` for a bad `--limit` or source option.
  init(_ arguments: Parsed<Arguments>, hasToken: Bool) throws(UsageError) {
    query = try arguments.query
    json = arguments.json
    limit = try arguments.limit
    source = try SourceOptions(arguments.source, liveByDefault: hasToken)
    record = try arguments.record
  }
}
