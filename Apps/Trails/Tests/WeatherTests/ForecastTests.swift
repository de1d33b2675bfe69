import CalendarDay
import Fixtures
import Foundation
import Testing
import TrailsModel

@testable import Weather

struct ForecastTests {
  static let forecastPaths = Fixtures.paths(in: "weather").filter {
    $0.hasPrefix("weather/forecast-")
  }

  @Test func thereAreForecastsForAtLeastSixTrailheads() throws {
    let catalog = try TrailCatalog.fixtures()
    let covered = catalog.trails.filter {
      Fixtures.url(WeatherService.fixturePath(for: $0.trailhead)) != nil
    }
    #expect(covered.count >= 6)
    #expect(Self.forecastPaths.count == covered.count, "a forecast fixture no trailhead uses")
  }

  @Test(arguments: forecastPaths) func everyFixtureDecodesSevenDaysFromDecemberFirst(
    path: String
  ) throws {
    let forecast = try Fixtures.decode(Forecast.self, from: path)
    let start = try #require(Day("2026-12-01"))
    #expect(forecast.days.map(\.date) == (0..<7).map { start.adding(days: $0) })
  }

  @Test func nullsBecomeNilWhenOpenMeteoHasNoValue() throws {
    let forecast = try Fixtures.decode(Forecast.self, from: "weather/forecast-44.54_-124.09.json")
    let last = try #require(forecast.days.last)
    #expect(last.maxC == nil && last.minC == nil && last.precipitationMm == nil)
    #expect(last.code == WeatherCode(wmo: nil))
    #expect(last.code.words == "unknown")
    let first = try #require(forecast.days.first)
    #expect(first.maxC == 10.4 && first.minC == 5.5 && first.precipitationMm == 5.1)
    #expect(first.code.words == "rain")
  }

  @Test func anUnknownCodeReadsUnknownWhenDecoded() throws {
    let forecast = try Fixtures.decode(Forecast.self, from: "weather/forecast-44.59_-124.08.json")
    let fourth = try #require(Day("2026-12-04"))
    let day = try #require(forecast.day(fourth))
    #expect(day.code.wmo == 42)
    #expect(day.code.words == "unknown")
    try #require(forecast.days.count > 1, "the fixture decoded to \(forecast.days.count) day(s)")
    #expect(forecast.days[1].maxC == nil)
  }

  @Test func theErrorFixtureIsOpenMeteosErrorBody() throws {
    let body = try Fixtures.decode(OpenMeteoErrorBody.self, from: "weather/error-400.json")
    #expect(body.error)
    #expect(body.reason == "Latitude must be in range of -90 to 90°. Given: 91.0.")
  }

  @Test func arraysOfDifferentLengthsFailToDecode() {
    let json = """
      {"daily": {"time": ["2026-12-01", "2026-12-02"], "temperature_2m_max": [1.0],
       "temperature_2m_min": [0.0, 0.0], "precipitation_sum": [0.0, 0.0],
       "weather_code": [0, 1]}}
      """
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Forecast.self, from: Data(json.utf8))
    }
  }

  @Test func encodingWritesOpenMeteosShapeThatDecodesBack() throws {
    let forecast = try Fixtures.decode(Forecast.self, from: "weather/forecast-44.59_-124.08.json")
    let data = try JSONEncoder().encode(forecast)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"temperature_2m_max\""))
    #expect(try JSONDecoder().decode(Forecast.self, from: data) == forecast)
  }
}
