import Foundation
import MovieCatalog
import Terminal

/// Where `--source` says the movies come from.
enum CatalogSource: String, CaseIterable, ArgumentValue {
  /// The bundled sample pages, offline.
  case fixtures
  /// TMDB's API (or the host `--api-base` names).
  case live
}

/// The catalog the command runs on, and what to tell the user about it.
///
/// Live when `--source live` is given, or when `TMDB_API_KEY` is set and `--source` is not;
/// offline on ``MovieCatalog/fixtures`` otherwise, with a notice unless `--source fixtures`
/// asked for it.
struct CatalogChoice {
  /// The catalog to page through.
  let catalog: MovieCatalog
  /// A short name of the source for the interactive header: `TMDB` or `offline sample pages`.
  let label: String
  /// The one line to print on standard error before starting, if any.
  let notice: String?

  /// The line printed when the app falls back to the fixtures on its own.
  static let offlineNotice =
    "movies: offline, using the bundled sample pages "
    + "(set TMDB_API_KEY or pass --source live for TMDB)"

  /// Picks the catalog.
  ///
  /// - Parameters:
  ///   - source: `--source`, or `nil` when not given.
  ///   - token: `TMDB_API_KEY`, or `nil` when unset; blank counts as unset.
  ///   - baseURL: `--api-base`.
  ///   - language: `--language`.
  /// - Returns: The choice.
  /// - Throws: ``MoviesCLIError/missingToken`` for `--source live` without a token.
  static func choose(source: CatalogSource?, token: String?, baseURL: URL, language: String)
    throws(MoviesCLIError) -> CatalogChoice
  {
    let token = token?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    switch (source, token.isEmpty) {
    case (.live, true):
      throw .missingToken
    case (.live, false), (nil, false):
      let catalog = MovieCatalog.live(token: token, baseURL: baseURL, language: language)
      return CatalogChoice(catalog: catalog, label: "TMDB", notice: nil)
    case (.fixtures, _):
      return CatalogChoice(catalog: .fixtures, label: "offline sample pages", notice: nil)
    case (nil, true):
      return CatalogChoice(catalog: .fixtures, label: "offline sample pages", notice: offlineNotice)
    }
  }
}
