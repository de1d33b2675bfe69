import CalendarDay
import Testing
import TrailsModel
import Weather

@testable import TrailsCLI

/// One forecast day as the text output reads it: nothing known is dropped.
struct ForecastFormatTests {
  private func day(min: Double?, max: Double?, rain: Double?) throws -> DailyForecast {
    DailyForecast(
      date: try #require(Day("2026-12-01")), maxC: max, minC: min, precipitationMm: rain,
      code: WeatherCode(wmo: 63))
  }

  @Test func bothTemperaturesReadAsARange() throws {
    #expect(
      Format.forecast(try day(min: 6.1, max: 11.2, rain: 4.2)) == "rain, 6.1 to 11.2 °C, 4.2 mm")
  }

  @Test func aTemperatureKnownAloneIsShownAlone() throws {
    #expect(
      Format.forecast(try day(min: nil, max: 10.4, rain: 12.8)) == "rain, high 10.4 °C, 12.8 mm")
    #expect(Format.forecast(try day(min: 4.9, max: nil, rain: nil)) == "rain, low 4.9 °C")
  }

  @Test func nothingKnownButTheSkyIsTheSkyAlone() throws {
    #expect(Format.forecast(try day(min: nil, max: nil, rain: nil)) == "rain")
  }
}
