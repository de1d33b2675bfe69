import Foundation
import Terminal

/// The command line of `movie-search`: its options and argument, declared once, and their
/// values, read and checked.
struct SearchOptions {
  /// `--json`.
  static let json = Flag("json", help: "Print the results as JSON")
  /// `--limit N`: TMDB serves at most 500 pages of 20.
  static let limit = OptionValue<Int>(
    "limit", valueName: "N",
    help: "Print at most N results (1-10000), loading more pages if needed", in: 1...10_000)
  /// `<query>`.
  static let query = Argument<String>("query", help: "What to search for", isOptional: true)

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
  init(_ arguments: ParsedArguments, hasToken: Bool) throws(UsageError) {
    query = try arguments.value(Self.query)
    json = arguments[Self.json]
    limit = try arguments.value(Self.limit)
    source = try SourceOptions(arguments, liveByDefault: hasToken)
    record = try RecordOption.path(in: arguments)
  }
}
