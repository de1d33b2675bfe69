import Testing
import Weather

struct WeatherErrorTests {
  static let all: [WeatherError] = [
    .badRequest("Latitude must be in range of -90 to 90°. Given: 91.0."), .rateLimited,
    .server(503), .http(404), .decoding("the body is not valid JSON"),
    .network("cannot connect to api.open-meteo.com"),
  ]

  @Test(arguments: all) func eachErrorIsOneLineForTheUser(error: WeatherError) {
    #expect(!error.userMessage.isEmpty)
    #expect(!error.userMessage.contains("\n"))
    #expect(error.description == error.userMessage)
  }

  @Test func aBadRequestRepeatsTheReason() {
    #expect(
      WeatherError.badRequest("Given: 91.0.").userMessage
        == "the forecast was refused: Given: 91.0.")
  }
}
