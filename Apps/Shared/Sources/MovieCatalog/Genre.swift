/// A movie genre as TMDB names it, such as `28` "Action".
///
/// ``Movie/genreIDs`` holds only ids; a ``GenreList`` turns them into names.
public struct Genre: Hashable, Sendable, Codable, Identifiable {
  /// TMDB's id for the genre.
  public var id: Int
  /// The genre's name in the requested language, such as `"Science Fiction"`.
  public var name: String

  /// Creates a genre.
  ///
  /// - Parameters:
  ///   - id: TMDB's id for the genre.
  ///   - name: Its name.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case name
  }
}
