import HTTPTransportDoubles

extension ScriptedHTTP.Answer {
  /// A fixture page of TMDB's popular movies, 200: `movies/popular-<number>.json`.
  ///
  /// - Parameter number: The page, from 1.
  /// - Returns: The answer.
  public static func page(_ number: Int) -> Self {
    .fixture("movies/popular-\(number).json")
  }
}
