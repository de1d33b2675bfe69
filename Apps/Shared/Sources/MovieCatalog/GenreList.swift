/// TMDB's list of movie genres, as `GET /3/genre/movie/list` returns it.
///
/// ```swift
/// let list = try Fixtures.decode(GenreList.self, from: "movies/genres.json")
/// let names = movie.genreIDs.compactMap(list.name(of:))  // ["Action", "Thriller"]
/// ```
public struct GenreList: Hashable, Sendable, Codable {
  /// Every genre, in TMDB's order.
  public var genres: [Genre]

  /// Creates a list of genres.
  ///
  /// - Parameter genres: The genres, in display order.
  public init(genres: [Genre]) {
    self.genres = genres
  }

  /// The name of the genre with `id`, or `nil` when the list has no such genre.
  ///
  /// - Parameter id: A genre id, such as one of ``Movie/genreIDs``.
  /// - Returns: The genre's name.
  public func name(of id: Int) -> String? {
    genres.first { $0.id == id }?.name
  }

  private enum CodingKeys: String, CodingKey {
    case genres
  }
}
