import Fixtures
import Testing
import TrailsModel
import Weather

struct FixtureWeatherServiceTests {
  @Test func fixturePathRoundsToTwoDecimalsAwayFromZero() {
    let path = { (latitude: Double, longitude: Double) in
      WeatherService.fixturePath(for: Coordinate(latitude: latitude, longitude: longitude))
    }
    #expect(path(44.6231, -124.0612) == "weather/forecast-44.62_-124.06.json")
    #expect(path(-41.2164, 173.0821) == "weather/forecast--41.22_173.08.json")
    #expect(path(46.5032, 10.9164) == "weather/forecast-46.50_10.92.json")
    #expect(path(-0.004, 7) == "weather/forecast-0.00_7.00.json")
  }

  @Test func servesTheFixtureWhenATrailheadHasOne() async throws {
    let trail = try #require(TrailCatalog.fixtures().trail(id: "gull-point-loop"))
    let forecast = try await WeatherService.fixtures.forecast(trail.trailhead)
    #expect(forecast.days.count == 7)
    #expect(forecast.days.first?.maxC == 11.2)
  }

  @Test func servesEveryTrailheadThatHasAFixture() async throws {
    for trail in try TrailCatalog.fixtures().trails
    where Fixtures.url(WeatherService.fixturePath(for: trail.trailhead)) != nil {
      let forecast = try await WeatherService.fixtures.forecast(trail.trailhead)
      #expect(forecast.days.count == 7, "trail \(trail.id)")
    }
  }

  @Test func refusesLikeABadRequestWhenNoFixtureExists() async {
    let nowhere = Coordinate(latitude: 12.5, longitude: -33.25)
    do {
      _ = try await WeatherService.fixtures.forecast(nowhere)
      Issue.record("a coordinate without a fixture got a forecast")
    } catch let error as WeatherError {
      guard case .badRequest(let reason) = error else {
        Issue.record("expected .badRequest, got \(error)")
        return
      }
      #expect(reason.contains("no fixture forecast for latitude 12.5, longitude -33.25"))
      #expect(reason.contains("weather/forecast-12.50_-33.25.json"))
    } catch {
      Issue.record("expected a WeatherError, got \(error)")
    }
  }

  @Test func failingThrowsItsError() async {
    let service = WeatherService.failing(WeatherError.rateLimited)
    await #expect(throws: WeatherError.rateLimited) {
      try await service.forecast(Coordinate(latitude: 0, longitude: 0))
    }
  }

  @Test func everyTrailOfTheCatalogHasAnOfflineForecastOfSevenDays() async throws {
    let catalog = try TrailCatalog.fixtures()
    try #require(catalog.trails.count == 19)
    for trail in catalog.trails {
      let forecast = try await WeatherService.fixtures.forecast(trail.trailhead)
      #expect(forecast.days.count == 7, "\(trail.id)")
      #expect(forecast.days.first?.date.description == "2026-12-01", "\(trail.id)")
    }
  }
}
