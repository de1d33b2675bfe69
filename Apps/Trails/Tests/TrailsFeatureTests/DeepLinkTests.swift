import Testing
import TrailsFeature

@testable import TrailsContract

/// Deep links parse, and print back in their canonical form.
struct DeepLinkTests {
  @Test(arguments: [
    "trails://region/silver-coast", "trails://trail/gull-point-loop", "trails://plan",
  ])
  func aLinkPrintsBackAsItselfWhenItParses(_ text: String) throws {
    let link = try #require(Trails.DeepLink(text))
    #expect(link.description == text)
  }

  /// RFC 3986: the scheme and the host are case-insensitive, the path is not.
  @Test(arguments: [
    ("TRAILS://plan", "trails://plan"), ("trails://Plan", "trails://plan"),
    ("Trails://REGION/silver-coast", "trails://region/silver-coast"),
    ("tRaIlS://Trail/gull-point-loop", "trails://trail/gull-point-loop"),
  ])
  func theSchemeAndHostParseInAnyCaseAndPrintInLowerCase(_ text: String, printed: String) throws {
    let link = try #require(Trails.DeepLink(text))
    #expect(link.description == printed)
    #expect(Trails.DeepLink(printed) == link)
  }

  @Test func eachShapeParsesToItsCase() {
    #expect(Trails.DeepLink("trails://region/silver-coast") == .region("silver-coast"))
    #expect(Trails.DeepLink("trails://trail/summit-of-crows") == .trail("summit-of-crows"))
    #expect(Trails.DeepLink("trails://plan") == .plan)
  }

  @Test func everyCatalogIDRoundTripsWhenPrinted() {
    let catalog = TrailsSamples.catalog
    let links =
      catalog.regions.map { Trails.DeepLink.region($0.id) }
      + catalog.trails.map { Trails.DeepLink.trail($0.id) } + [.plan]
    for link in links {
      #expect(Trails.DeepLink(link.description) == link)
    }
  }

  @Test(arguments: [
    "", "trails://", "trails:/trail/gull-point-loop", "http://trail/gull-point-loop",
    "trails://trail/", "trails://trail/Gull", "trails://trail/gull--point", "trails://trail/-gull",
    "trails://trail/gull-", "trails://trail/gull point", "trails://trail/a/b",
    "trails://trail/gull?day=1", "trails://plan/", "trails://route/gull",
    "trails://trail/gull-point-loop/", "TRAILS://trail/Gull-Point-Loop", "trail://plan",
    "trailsx://plan",
  ])
  func aMalformedLinkDoesNotParseWhenItDeviatesFromTheShapes(_ text: String) {
    #expect(Trails.DeepLink(text) == nil)
  }
}
