import AppCLI
import CommandLineParsing
import Foundation
import HTTPTransport
import MovieCatalog

/// The catalog the command runs on, and what to tell the user about it.
///
/// The source follows ``SourceOptions``: live when `--source live` or `--api-base` is given,
/// or when `TMDB_API_KEY` is set and neither is; offline on ``MovieCatalog/fixtures``
/// otherwise, with a notice unless the command line asked for the fixtures.
struct Composition {
  /// The catalog to page through.
  let catalog: MovieCatalog
  /// A short name of the source for the interactive header: `TMDB` or `offline sample pages`.
  let label: String
  /// The one line to print on standard error before starting, if any.
  let notice: String?

  /// The line printed when the app falls back to the fixtures on its own.
  static let offlineNotice = SourceOptions.offlineNotice(
    app: "movies", service: "TMDB", credential: "TMDB_API_KEY")

  /// Picks the catalog.
  ///
  /// - Parameters:
  ///   - arguments: The command line, for `--source` and `--api-base`.
  ///   - token: `TMDB_API_KEY`, or `nil` when unset; blank counts as unset.
  ///   - language: `--language`.
  /// - Returns: The choice.
  /// - Throws: ``UsageError`` for bad source options, ``CommandFailure/missingToken`` for a
  ///   live source without a token.
  static func choose(
    _ arguments: Parsed<SourceOptions.Arguments>, token: String?, language: String
  ) throws
    -> Composition
  {
    let token = token?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    let source = try SourceOptions(arguments, liveByDefault: !token.isEmpty)
    switch source.source {
    case .live:
      guard !token.isEmpty else { throw CommandFailure.missingToken }
      let catalog = MovieCatalog.live(
        token: token, baseURL: source.apiBase ?? MovieCatalog.tmdbBaseURL, language: language,
        transport: .curl(timeout: source.timeout))
      return Composition(catalog: catalog, label: "TMDB", notice: nil)
    case .fixtures:
      return Composition(
        catalog: .fixtures, label: "offline sample pages",
        notice: source.isChosen ? nil : offlineNotice)
    }
  }
}
