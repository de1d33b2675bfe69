/// A point on the Earth, in decimal degrees (WGS 84), as trailheads and forecasts use it.
///
/// ```swift
/// let trailhead = Coordinate(latitude: 44.6231, longitude: -124.0612)
/// ```
public struct Coordinate: Hashable, Sendable, Codable {
  /// Degrees north of the equator (negative south), from -90 to 90.
  public var latitude: Double
  /// Degrees east of Greenwich (negative west), from -180 to 180.
  public var longitude: Double

  /// Creates a coordinate.
  ///
  /// - Parameters:
  ///   - latitude: Degrees north (negative south).
  ///   - longitude: Degrees east (negative west).
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
