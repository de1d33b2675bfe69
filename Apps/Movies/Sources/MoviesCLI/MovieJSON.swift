import MovieCatalog

/// One movie of `movies --json`: a few of TMDB's fields and the page it was loaded from.
///
/// ```json
/// {"id": 1394722, "page": 1, "rating": 8.677, "release_date": "1998-10-06",
///  "title": "The Lantern Keeper", "year": 1998}
/// ```
///
/// `year` and `release_date` are `null` when TMDB does not know the release day; `rating` is
/// TMDB's `vote_average` as sent.
struct MovieJSON: Encodable {
  /// TMDB's id.
  let id: Int
  /// The title.
  let title: String
  /// The release year, or `nil`.
  let year: Int?
  /// TMDB's `vote_average`.
  let rating: Double
  /// The release day as `YYYY-MM-DD`, or `nil`.
  let releaseDate: String?
  /// The page the movie was first loaded from.
  let page: Int

  /// The JSON of `movie`, loaded from `page`.
  ///
  /// - Parameters:
  ///   - movie: The movie.
  ///   - page: The page it came from.
  init(_ movie: Movie, page: Int) {
    id = movie.id
    title = movie.title
    year = movie.year
    rating = movie.voteAverage
    releaseDate = movie.releaseDate?.description
    self.page = page
  }

  /// Encodes every key, with `null` for an unknown year or release day (the synthesized
  /// encoding would leave those keys out).
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(year, forKey: .year)
    try container.encode(rating, forKey: .rating)
    try container.encode(releaseDate, forKey: .releaseDate)
    try container.encode(page, forKey: .page)
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case title
    case year
    case rating
    case releaseDate = "release_date"
    case page
  }
}
