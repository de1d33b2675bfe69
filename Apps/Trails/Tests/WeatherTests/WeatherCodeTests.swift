import Foundation
import Testing
import Weather

struct WeatherCodeTests {
  /// Open-Meteo's table (docs/apps/trails.md, "Forecasts from Open-Meteo"), each group's first
  /// and last code and the codes either side of it, written here by hand.
  @Test func eachCodeReadsAsItsWordsWhenInOpenMeteosTableAndUnknownBetweenGroups() {
    let words: [(Int?, String)] = [
      (0, "clear"), (1, "mainly clear"), (2, "partly cloudy"), (3, "overcast"), (4, "unknown"),
      (42, "unknown"), (44, "unknown"), (45, "fog"), (48, "fog"), (49, "unknown"),
      (50, "unknown"), (51, "drizzle"), (57, "drizzle"), (58, "unknown"), (60, "unknown"),
      (61, "rain"), (67, "rain"), (68, "unknown"), (70, "unknown"), (71, "snow"), (77, "snow"),
      (78, "unknown"), (79, "unknown"), (80, "rain showers"), (82, "rain showers"),
      (83, "unknown"), (84, "unknown"), (85, "snow showers"), (86, "snow showers"),
      (87, "unknown"), (94, "unknown"), (95, "thunderstorm"), (99, "thunderstorm"),
      (100, "unknown"), (-1, "unknown"), (Int.max, "unknown"), (nil, "unknown"),
    ]
    for (code, expected) in words {
      let read = WeatherCode(wmo: code)
      #expect(read.words == expected, "code \(code.map(String.init) ?? "null")")
      #expect(read.isKnown == (expected != "unknown"), "code \(code.map(String.init) ?? "null")")
    }
  }

  @Test func codableKeepsTheNumberOrNull() throws {
    let codes = [WeatherCode(wmo: 42), WeatherCode(wmo: nil), WeatherCode(wmo: 3)]
    let data = try JSONEncoder().encode(codes)
    #expect(String(decoding: data, as: UTF8.self) == "[42,null,3]")
    #expect(try JSONDecoder().decode([WeatherCode].self, from: data) == codes)
  }
}
