import Foundation
import Testing
import Weather

struct WeatherCodeTests {
  @Test func knownCodesReadAsWordsWhenInOpenMeteosTable() {
    let expected: [Int: String] = [
      0: "clear", 1: "mainly clear", 2: "partly cloudy", 3: "overcast", 45: "fog", 48: "fog",
      51: "drizzle", 57: "drizzle", 61: "rain", 67: "rain", 71: "snow", 77: "snow",
      80: "rain showers", 82: "rain showers", 85: "snow showers", 86: "snow showers",
      95: "thunderstorm", 99: "thunderstorm",
    ]
    for (code, words) in expected {
      #expect(WeatherCode(wmo: code).words == words, "code \(code)")
      #expect(WeatherCode(wmo: code).isKnown, "code \(code)")
    }
  }

  @Test func unknownCodesReadUnknownWhenOutsideTheTable() {
    for code in [42, 4, 44, 49, 58, 83, 87, 100, -1, Int.max] {
      #expect(WeatherCode(wmo: code).words == "unknown", "code \(code)")
      #expect(!WeatherCode(wmo: code).isKnown, "code \(code)")
    }
    #expect(WeatherCode(wmo: nil).words == "unknown")
  }

  @Test func codableKeepsTheNumberOrNull() throws {
    let codes = [WeatherCode(wmo: 42), WeatherCode(wmo: nil), WeatherCode(wmo: 3)]
    let data = try JSONEncoder().encode(codes)
    #expect(String(decoding: data, as: UTF8.self) == "[42,null,3]")
    #expect(try JSONDecoder().decode([WeatherCode].self, from: data) == codes)
  }
}
