import AppCLI

/// What `movies --json` prints: the movies loaded, and why the list stops short of the pages
/// asked for when a page failed.
///
/// ```json
/// {"movies": [{"id": 1394722, "page": 1, ...}, ...],
///  "next_page_error": "failed to load page 3: TMDB failed on its side (HTTP 500): ..."}
/// ```
///
/// `next_page_error` marks a partial answer where it is, as every app's JSON does (a search's
/// `next_page_error`, a trail's `forecast_error`): `null` when every page asked for loaded or
/// the list ended before them (exit status 0); the reason a later page failed otherwise,
/// the words of the `movies: stopped after page …` line on standard error (exit status 3).
struct MovieListJSON: Encodable {
  /// The movies, in the order loaded.
  let movies: [MovieJSON]
  /// Why the page after the last one loaded failed, or `nil` when none did.
  @JSONNullable var nextPageError: String?
}
