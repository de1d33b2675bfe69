import Foundation
import MovieCatalog

/// Ranks movies by how their titles match a query: what the search shows when TMDB cannot
/// answer.
///
/// A movie matches when its title contains the query, ignoring case, accents and runs of
/// whitespace. Matches rank by kind, then by popularity, most popular first:
///
/// 1. ``MatchKind/titlePrefix``: the title starts with the query (`star` in *Starfall Academy*);
/// 2. ``MatchKind/wordPrefix``: a later word starts with it (`star` in *The Weight of Stars*);
/// 3. ``MatchKind/substring``: it appears inside a word (`star` in *Rockstar Summer*).
///
/// Equal kind and popularity fall back to the title, then the id, so the order is total. Each
/// movie (by id) is ranked once, the first time it appears in the input.
///
/// ```swift
/// let titles = OfflineRanking.rank("star", in: movies).map(\.title)
/// // ["Starfall Academy", "Stardust Motel", "The Weight of Stars", "Rockstar Summer"]
/// ```
public enum OfflineRanking {
  /// How a title matches a query, best first.
  public enum MatchKind: Int, Comparable, Hashable, Sendable {
    /// The title starts with the query.
    case titlePrefix
    /// A word after the first starts with the query.
    case wordPrefix
    /// The query appears inside a word.
    case substring

    /// Whether `lhs` is the better match.
    ///
    /// - Parameters:
    ///   - lhs: A kind.
    ///   - rhs: Another kind.
    /// - Returns: Whether `lhs` ranks before `rhs`.
    public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool {
      lhs.rawValue < rhs.rawValue
    }
  }

  /// The movies whose titles match `query`, best match first.
  ///
  /// - Parameters:
  ///   - query: What the user typed (normalized here as well).
  ///   - movies: The movies to search; duplicates by id count once.
  /// - Returns: The matches, ranked; empty when the query has no words.
  public static func rank(_ query: String, in movies: [Movie]) -> [Movie] {
    let needle = folded(query)
    guard !needle.isEmpty else { return [] }
    var listed = Set<Int>()
    var matches: [(movie: Movie, kind: MatchKind)] = []
    for movie in movies where listed.insert(movie.id).inserted {
      if let kind = match(foldedQuery: needle, title: movie.title) {
        matches.append((movie, kind))
      }
    }
    matches.sort { left, right in
      if left.kind != right.kind { return left.kind < right.kind }
      if left.movie.popularity != right.movie.popularity {
        return left.movie.popularity > right.movie.popularity
      }
      if left.movie.title != right.movie.title { return left.movie.title < right.movie.title }
      return left.movie.id < right.movie.id
    }
    return matches.map(\.movie)
  }

  /// How `title` matches `query`, or `nil` when it does not.
  ///
  /// - Parameters:
  ///   - query: What the user typed.
  ///   - title: A movie title.
  /// - Returns: The best kind of match, or `nil`.
  public static func match(_ query: String, title: String) -> MatchKind? {
    let needle = folded(query)
    guard !needle.isEmpty else { return nil }
    return match(foldedQuery: needle, title: title)
  }

  private static func match(foldedQuery needle: [Character], title: String) -> MatchKind? {
    let haystack = folded(title)
    guard needle.count <= haystack.count else { return nil }
    var best: MatchKind?
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      let kind: MatchKind
      if start == 0 {
        kind = .titlePrefix
      } else if !isWordCharacter(haystack[start - 1]) {
        kind = .wordPrefix
      } else {
        kind = .substring
      }
      if best.map({ kind < $0 }) ?? true { best = kind }
      if kind == .titlePrefix { break }
    }
    return best
  }

  /// Lowercased, accents removed, trimmed, inner whitespace collapsed to one space.
  static func folded(_ text: String) -> [Character] {
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return Array(
      words.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased())
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }
}
