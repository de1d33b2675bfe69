/// One walk in the catalog: where it starts, how long and steep it is.
///
/// Identified by a kebab-case ``id`` that is unique across every region, so plans and deep
/// links (`trails://trail/<id>`) name a trail by its id alone.
public struct Trail: Hashable, Sendable, Codable, Identifiable {
  /// The kebab-case identifier, unique in the catalog, such as `"gull-point-loop"`.
  public var id: String
  /// The display name, such as `"Gull Point Loop"`.
  public var name: String
  /// The ``Region/id`` of the region the trail belongs to.
  public var regionID: String
  /// The length of the walk, in kilometres.
  public var distanceKm: Double
  /// The total climbing, in metres.
  public var ascentM: Int
  /// How demanding the walk is.
  public var difficulty: Difficulty
  /// Where the walk starts; forecasts are asked for this point.
  public var trailhead: Coordinate
  /// One sentence about the walk.
  public var description: String

  /// Creates a trail.
  ///
  /// - Parameters:
  ///   - id: The kebab-case identifier, unique in the catalog.
  ///   - name: The display name.
  ///   - regionID: The id of the region the trail belongs to.
  ///   - distanceKm: The length, in kilometres.
  ///   - ascentM: The total climbing, in metres.
  ///   - difficulty: How demanding the walk is.
  ///   - trailhead: Where the walk starts.
  ///   - description: One sentence about the walk.
  public init(
    id: String, name: String, regionID: String, distanceKm: Double, ascentM: Int,
    difficulty: Difficulty, trailhead: Coordinate, description: String
  ) {
    self.id = id
    self.name = name
    self.regionID = regionID
    self.distanceKm = distanceKm
    self.ascentM = ascentM
    self.difficulty = difficulty
    self.trailhead = trailhead
    self.description = description
  }
}
