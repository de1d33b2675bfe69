import CalendarDay

/// A movie as TMDB v3 lists it in a page of popular movies or search results.
///
/// Decodes exactly the object TMDB sends (explicit coding keys, no key strategy), with two
/// of its quirks smoothed over: `poster_path` and `backdrop_path` may be `null` (or absent),
/// and `release_date` may be `""` for a movie with no known date, which decodes to `nil`.
/// Encoding writes the same shape back, `""` included, so a fixture round-trips.
///
/// ```swift
/// let page = try Fixtures.decode(MoviePage.self, from: "movies/popular-1.json")
/// let movie = page.results[0]
/// print(movie.title, movie.year.map(String.init) ?? "date unknown")
/// ```
public struct Movie: Hashable, Sendable, Codable, Identifiable {
  /// TMDB's id for the movie, unique across TMDB.
  public var id: Int
  /// The title in the requested language (`en-US` by default).
  public var title: String
  /// The title in the movie's original language.
  public var originalTitle: String
  /// The original language as an ISO 639-1 code, such as `"en"` or `"ko"`.
  public var originalLanguage: String
  /// A short plot summary; empty when TMDB has none.
  public var overview: String
  /// The ids of the movie's genres, in TMDB's order; see ``GenreList`` for their names.
  public var genreIDs: [Int]
  /// TMDB's popularity score; popular pages are sorted by it, highest first.
  public var popularity: Double
  /// The average rating, `0` through `10`; `0` when nobody has voted.
  public var voteAverage: Double
  /// How many people rated the movie.
  public var voteCount: Int
  /// Whether the movie is adult content.
  public var adult: Bool
  /// Whether the entry is a video release rather than a film.
  public var video: Bool
  /// The poster's path on TMDB's image server (`/abc.jpg`), or `nil` when it has none.
  public var posterPath: String?
  /// The backdrop's path on TMDB's image server, or `nil` when it has none.
  public var backdropPath: String?
  /// The release day, or `nil` when TMDB does not know it (it sends `""`).
  public var releaseDate: Day?

  /// The release year, or `nil` when the release day is unknown.
  public var year: Int? { releaseDate?.year }

  /// The title and year as every app prints them: `The Lantern Keeper (1998)`, or
  /// `The Lantern Keeper (—)` when the release day is unknown.
  public var titleAndYear: String {
    "\(title) (\(year.map(String.init) ?? "—"))"
  }

  /// The rating as every app prints it: `vote_average` to one decimal, halves rounded up
  /// (`8.65` is `8.7`, `0` is `0.0`).
  public var ratingText: String {
    let tenths = Int((voteAverage * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// Creates a movie from its fields.
  ///
  /// Tests and previews build movies this way; apps get them from a ``MovieCatalog``.
  ///
  /// - Parameters:
  ///   - id: TMDB's id.
  ///   - title: The title in the requested language.
  ///   - originalTitle: The title in the original language; `title` unless given.
  ///   - originalLanguage: An ISO 639-1 code; `"en"` unless given.
  ///   - overview: A plot summary; empty unless given.
  ///   - genreIDs: Genre ids; none unless given.
  ///   - popularity: The popularity score; `0` unless given.
  ///   - voteAverage: The average rating; `0` unless given.
  ///   - voteCount: The number of votes; `0` unless given.
  ///   - adult: Whether it is adult content; `false` unless given.
  ///   - video: Whether it is a video release; `false` unless given.
  ///   - posterPath: The poster's path; none unless given.
  ///   - backdropPath: The backdrop's path; none unless given.
  ///   - releaseDate: The release day; unknown unless given.
  public init(
    id: Int,
    title: String,
    originalTitle: String? = nil,
    originalLanguage: String = "en",
    overview: String = "",
    genreIDs: [Int] = [],
    popularity: Double = 0,
    voteAverage: Double = 0,
    voteCount: Int = 0,
    adult: Bool = false,
    video: Bool = false,
    posterPath: String? = nil,
    backdropPath: String? = nil,
    releaseDate: Day? = nil
  ) {
    self.id = id
    self.title = title
    self.originalTitle = originalTitle ?? title
    self.originalLanguage = originalLanguage
    self.overview = overview
    self.genreIDs = genreIDs
    self.popularity = popularity
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.adult = adult
    self.video = video
    self.posterPath = posterPath
    self.backdropPath = backdropPath
    self.releaseDate = releaseDate
  }

  /// Decodes a TMDB v3 movie object.
  ///
  /// Every field is required except `poster_path` and `backdrop_path` (`null` or absent
  /// means none) and `release_date` (`""` or absent means unknown).
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` naming the field when a field is missing, has the wrong type,
  ///   or a release date is neither `""` nor a `"YYYY-MM-DD"` day.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    originalTitle = try container.decode(String.self, forKey: .originalTitle)
    originalLanguage = try container.decode(String.self, forKey: .originalLanguage)
    overview = try container.decode(String.self, forKey: .overview)
    genreIDs = try container.decode([Int].self, forKey: .genreIDs)
    popularity = try container.decode(Double.self, forKey: .popularity)
    voteAverage = try container.decode(Double.self, forKey: .voteAverage)
    voteCount = try container.decode(Int.self, forKey: .voteCount)
    adult = try container.decode(Bool.self, forKey: .adult)
    video = try container.decode(Bool.self, forKey: .video)
    posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
    backdropPath = try container.decodeIfPresent(String.self, forKey: .backdropPath)
    switch try container.decodeIfPresent(String.self, forKey: .releaseDate) {
    case nil, "":
      releaseDate = nil
    case let text?:
      guard let day = Day(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .releaseDate, in: container,
          debugDescription: "\"\(text)\" is neither \"\" nor a YYYY-MM-DD day")
      }
      releaseDate = day
    }
  }

  /// Encodes the movie in TMDB's shape: `null` for a missing poster or backdrop, `""` for an
  /// unknown release day.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(adult, forKey: .adult)
    try container.encode(backdropPath, forKey: .backdropPath)
    try container.encode(genreIDs, forKey: .genreIDs)
    try container.encode(id, forKey: .id)
    try container.encode(originalLanguage, forKey: .originalLanguage)
    try container.encode(originalTitle, forKey: .originalTitle)
    try container.encode(overview, forKey: .overview)
    try container.encode(popularity, forKey: .popularity)
    try container.encode(posterPath, forKey: .posterPath)
    try container.encode(releaseDate?.description ?? "", forKey: .releaseDate)
    try container.encode(title, forKey: .title)
    try container.encode(video, forKey: .video)
    try container.encode(voteAverage, forKey: .voteAverage)
    try container.encode(voteCount, forKey: .voteCount)
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case title
    case originalTitle = "original_title"
    case originalLanguage = "original_language"
    case overview
    case genreIDs = "genre_ids"
    case popularity
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
    case adult
    case video
    case posterPath = "poster_path"
    case backdropPath = "backdrop_path"
    case releaseDate = "release_date"
  }
}
