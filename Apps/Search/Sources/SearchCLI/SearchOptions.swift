import Foundation
import Terminal

/// The command line, parsed and checked.
struct SearchOptions {
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

  /// The results `--limit` may ask for: TMDB serves at most 500 pages of 20.
  static let limitRange = 1...10_000

  /// Reads and checks the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - hasToken: Whether `TMDB_API_KEY` is set, which makes live the default source.
  /// - Throws: ``UsageError`` for a bad `--limit` or source option.
  init(_ arguments: ParsedArguments, hasToken: Bool) throws(UsageError) {
    query = arguments.positional(named: "query")
    json = arguments.flag("json")
    limit = try arguments.value("limit", as: Int.self, in: Self.limitRange)
    source = try SourceOptions(arguments, liveByDefault: hasToken)
    record = try RecordOption.path(in: arguments)
  }
}
