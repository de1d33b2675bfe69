/// An area of the catalog and the trails in it.
///
/// Identified by a kebab-case ``id`` (deep link `trails://region/<id>`).
public struct Region: Hashable, Sendable, Codable, Identifiable {
  /// The kebab-case identifier, such as `"silver-coast"`.
  public var id: String
  /// The display name, such as `"Silver Coast"`.
  public var name: String
  /// One or two sentences about the region.
  public var summary: String
  /// The region's trails, in catalog order.
  public var trails: [Trail]

  /// Creates a region.
  ///
  /// - Parameters:
  ///   - id: The kebab-case identifier.
  ///   - name: The display name.
  ///   - summary: One or two sentences about the region.
  ///   - trails: The region's trails, in display order.
  public init(id: String, name: String, summary: String, trails: [Trail]) {
    self.id = id
    self.name = name
    self.summary = summary
    self.trails = trails
  }
}
