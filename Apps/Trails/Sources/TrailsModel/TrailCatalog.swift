import Fixtures

/// Every region and trail the app knows, with lookups by id.
///
/// The catalog is data, not a service: it ships with the app as the `trails/regions.json`
/// fixture and is loaded once at launch with ``fixtures()``.
///
/// ```swift
/// let catalog = try TrailCatalog.fixtures()
/// let coast = catalog.region(id: "silver-coast")
/// let loop = catalog.trail(id: "gull-point-loop")
/// ```
public struct TrailCatalog: Hashable, Sendable, Codable {
  /// The fixture the catalog is loaded from, relative to the fixtures' `Resources/`.
  public static let fixturePath = "trails/regions.json"

  /// Every region, in catalog order.
  public var regions: [Region]

  /// Creates a catalog of `regions`.
  ///
  /// - Parameter regions: The regions, in display order; trail ids should be unique across
  ///   all of them.
  public init(regions: [Region]) {
    self.regions = regions
  }

  /// Every trail of every region, in catalog order.
  public var trails: [Trail] {
    regions.flatMap(\.trails)
  }

  /// The region with `id`, or `nil` when there is none.
  ///
  /// - Parameter id: A region id such as `"silver-coast"`.
  /// - Returns: The region, or `nil`.
  public func region(id: String) -> Region? {
    regions.first { $0.id == id }
  }

  /// The trail with `id`, in whichever region it is, or `nil` when there is none.
  ///
  /// - Parameter id: A trail id such as `"gull-point-loop"`.
  /// - Returns: The trail, or `nil`.
  public func trail(id: String) -> Trail? {
    for region in regions {
      if let trail = region.trails.first(where: { $0.id == id }) { return trail }
    }
    return nil
  }

  /// Loads the bundled catalog from ``fixturePath``.
  ///
  /// - Returns: The catalog in the fixtures.
  /// - Throws: `FixtureError` naming the file when it is missing or does not decode.
  public static func fixtures() throws(FixtureError) -> TrailCatalog {
    try Fixtures.decode(TrailCatalog.self, from: fixturePath)
  }
}
