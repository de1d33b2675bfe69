import MovieCatalog
import Terminal

/// One movie as both modes print it: rank, title, year and rating.
///
/// `  1. The Lantern Keeper (1998)  ★ 8.7`. The rank is right-aligned in three columns, the
/// year is `—` when TMDB does not know the release day, and the rating is TMDB's
/// `vote_average` to one decimal.
struct MovieLine {
  /// The movie's place in the list, from 1.
  let rank: Int
  /// The movie.
  let movie: Movie

  /// The line, with the rating in yellow when `useColor` is set.
  ///
  /// - Parameter useColor: Whether ANSI codes may be written.
  /// - Returns: The line, without a newline.
  func text(useColor: Bool = false) -> String {
    let rating = Style.yellow.apply(to: "★ " + movie.ratingText, useColor: useColor)
    return "\(Self.padded(rank)). \(movie.titleAndYear)  \(rating)"
  }

  /// `rank` right-aligned in three columns (wider when it needs more).
  private static func padded(_ rank: Int) -> String {
    let digits = String(rank)
    return String(repeating: " ", count: max(0, 3 - digits.count)) + digits
  }
}
