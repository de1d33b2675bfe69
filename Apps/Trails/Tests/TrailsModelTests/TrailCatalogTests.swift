import Fixtures
import Testing
import TrailsModel

struct TrailCatalogTests {
  @Test func fixturesLoadWhenBundled() throws {
    let catalog = try TrailCatalog.fixtures()
    #expect(catalog.regions.count >= 4)
    for region in catalog.regions {
      #expect((3...6).contains(region.trails.count), "region \(region.id)")
    }
  }

  @Test func silverCoastExistsWhenLookedUpByID() throws {
    let catalog = try TrailCatalog.fixtures()
    let coast = try #require(catalog.region(id: "silver-coast"))
    #expect(coast.name == "Silver Coast")
    #expect(catalog.region(id: "atlantis") == nil)
  }

  @Test func idsAreUniqueAcrossTheCatalog() throws {
    let catalog = try TrailCatalog.fixtures()
    let regionIDs = catalog.regions.map(\.id)
    let trailIDs = catalog.trails.map(\.id)
    #expect(Set(regionIDs).count == regionIDs.count)
    #expect(Set(trailIDs).count == trailIDs.count)
  }

  @Test func idsAreKebabCaseAndTrailsNameTheirRegion() throws {
    let catalog = try TrailCatalog.fixtures()
    let kebab = /[a-z0-9]+(-[a-z0-9]+)*/
    for region in catalog.regions {
      #expect(region.id.wholeMatch(of: kebab) != nil, "region \(region.id)")
      for trail in region.trails {
        #expect(trail.id.wholeMatch(of: kebab) != nil, "trail \(trail.id)")
        #expect(trail.regionID == region.id, "trail \(trail.id)")
        #expect(trail.distanceKm > 0 && trail.ascentM >= 0, "trail \(trail.id)")
      }
    }
  }

  @Test func trailLookupFindsATrailInAnyRegion() throws {
    let catalog = try TrailCatalog.fixtures()
    let trail = try #require(catalog.trail(id: "fern-gully-track"))
    #expect(trail.regionID == "kauri-sound")
    #expect(trail.difficulty == .easy)
    #expect(trail.trailhead == Coordinate(latitude: -41.2164, longitude: 173.0821))
    #expect(catalog.trail(id: "no-such-trail") == nil)
  }

  @Test func difficultiesAreOrderedFromEasiest() {
    #expect(Difficulty.allCases.sorted() == [.easy, .moderate, .hard])
    #expect(Difficulty.easy < .hard)
  }
}
