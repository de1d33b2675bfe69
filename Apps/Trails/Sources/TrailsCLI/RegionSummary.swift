import TrailsModel

/// A region in `trails regions --json`.
struct RegionSummary: Encodable {
  let id: String
  let name: String
  let summary: String
  let trailCount: Int

  init(_ region: Region) {
    id = region.id
    name = region.name
    summary = region.summary
    trailCount = region.trails.count
  }
}
