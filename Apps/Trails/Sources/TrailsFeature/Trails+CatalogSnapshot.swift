import TrailsModel

extension Trails {
  /// The trail catalog as the planner's state carries it.
  ///
  /// The reducer is pure and static, so what it must know about trails (which ids exist, which
  /// region a trail is in, how long and steep it is) travels in the state. The catalog is the
  /// same in every state of a run, so this wrapper compares it in full (arrays that share
  /// storage compare at once) but hashes and prints only its size: exploring a contract hashes
  /// hundreds of thousands of states, and a failure message should show the plan, not every
  /// trail's description.
  public struct CatalogSnapshot: Hashable, Sendable, Codable, CustomStringConvertible,
    CustomReflectable
  {
    /// The catalog.
    public let value: TrailCatalog

    /// Wraps a catalog.
    ///
    /// - Parameter value: The catalog.
    public init(_ value: TrailCatalog) {
      self.value = value
    }

    /// The region with `id`, or `nil`.
    ///
    /// - Parameter id: A region id.
    /// - Returns: The region.
    public func region(id: String) -> Region? {
      value.region(id: id)
    }

    /// The trail with `id`, or `nil`.
    ///
    /// - Parameter id: A trail id.
    /// - Returns: The trail.
    public func trail(id: String) -> Trail? {
      value.trail(id: id)
    }

    /// Hashes the number of regions and trails only; equal catalogs still hash equally.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(value.regions.count)
      hasher.combine(value.regions.reduce(0) { $0 + $1.trails.count })
    }

    /// `TrailCatalog(<n> regions, <m> trails)`.
    public var description: String {
      "TrailCatalog(\(value.regions.count) regions, \(value.trails.count) trails)"
    }

    /// A mirror with no children, so diffs and failure messages show ``description``.
    public var customMirror: Mirror {
      Mirror(self, children: [], displayStyle: .struct)
    }

    /// Stores the catalog by its trail ids, sorted, as `{"bundled": [...]}`.
    ///
    /// The apps always run on the bundled catalog, which decoding loads again and checks
    /// against the ids: a recording stays small and names the catalog it ran on.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(["bundled": value.trails.map(\.id).sorted()])
    }

    /// Loads the bundled catalog, refusing a recording whose trail ids are not its own.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the ids differ, or the bundled catalog's
    ///   own error when it cannot be loaded.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let ids = try container.decode([String: [String]].self)["bundled"]
      let bundled = try TrailCatalog.fixtures()
      guard ids == bundled.trails.map(\.id).sorted() else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "the trail catalog is not the bundled one (its trail ids differ)")
      }
      self.init(bundled as TrailCatalog)
    }
  }
}
