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
  /// `--record`: the session file to write, if given.
  var record: String?

  /// Reads and checks the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - hasToken: Whether `TMDB_API_KEY` is set, which makes live the default source.
  /// - Throws: ``UsageError`` for a bad `--limit` or source option.
  init(_ arguments: ParsedArguments, hasToken: Bool) throws(UsageError) {
    query = arguments.positional(named: "query")
    json = arguments.flag("json")
    limit = try arguments.value("limit", as: Int.self)
    source = try SourceOptions(arguments, liveByDefault: hasToken)
    record = try RecordOption.path(in: arguments)
    if let limit, limit < 1 {
      throw UsageError("--limit must be at least 1, got \(limit)", usage: arguments.usage)
    }
  }
}
