import Foundation
import Terminal

/// Where results come from.
enum Source: String, CaseIterable, ArgumentValue {
  /// The bundled fixtures: offline, the same every run.
  case fixtures
  /// TMDB's API (or `--api-base`).
  case live
}

/// The command line, parsed and checked.
struct SearchOptions {
  /// The query argument, if given.
  var query: String?
  /// `--json`.
  var json: Bool
  /// `--limit`, if given.
  var limit: Int?
  /// `--source`, if given.
  var source: Source?
  /// `--api-base`, if given: an http or https URL with a host.
  var apiBase: URL?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    query = arguments.positional(named: "query")
    json = arguments.flag("json")
    limit = try arguments.value("limit", as: Int.self)
    source = try arguments.value("source", as: Source.self)
    if let text = arguments.value("api-base") {
      guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https",
        url.host != nil
      else {
        throw UsageError(
          "--api-base expects an http or https URL with a host, got '\(text)'",
          usage: arguments.usage)
      }
      apiBase = url
    }
    if let limit, limit < 1 {
      throw UsageError("--limit must be at least 1, got \(limit)", usage: arguments.usage)
    }
    if source == .fixtures, apiBase != nil {
      throw UsageError(
        "--api-base applies to live searches; drop it or use --source live", usage: arguments.usage)
    }
  }
}
