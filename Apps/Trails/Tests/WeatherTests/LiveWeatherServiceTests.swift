import Fixtures
import Foundation
import Testing
import TrailsModel
import Weather

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct LiveWeatherServiceTests {
  static let trailhead = Coordinate(latitude: 44.6231, longitude: -124.0612)

  @Test func asksForSevenDailyDaysAtTheExactURL() async throws {
    let stub = try StubHost(status: 200, fixture: "weather/forecast-44.62_-124.06.json")
    defer { stub.remove() }
    let forecast = try await stub.service.forecast(Self.trailhead)
    #expect(forecast.days.count == 7)
    let request = try #require(stub.requests.first)
    #expect(stub.requests.count == 1)
    #expect(request.httpMethod == "GET")
    #expect(
      request.url?.absoluteString
        == "https://\(stub.host)/v1/forecast?latitude=44.6231&longitude=-124.0612"
        + "&daily=temperature_2m_max,temperature_2m_min,precipitation_sum,weather_code"
        + "&timezone=auto&forecast_days=7")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
  }

  @Test func keepsTheBaseURLsPathWhenItHasOne() async throws {
    let body = try Fixtures.data("weather/forecast-44.62_-124.06.json")
    let stub = try StubHost(.http(status: 200, body: body), path: "/open-meteo")
    defer { stub.remove() }
    _ = try await stub.service.forecast(Coordinate(latitude: 5, longitude: -0.5))
    let url = try #require(stub.requests.first?.url)
    #expect(url.path == "/open-meteo/v1/forecast")
    #expect(url.query?.hasPrefix("latitude=5&longitude=-0.5&") == true)
  }

  @Test func aBadRequestCarriesOpenMeteosReason() async throws {
    let stub = try StubHost(status: 400, fixture: "weather/error-400.json")
    defer { stub.remove() }
    await #expect(
      throws: WeatherError.badRequest("Latitude must be in range of -90 to 90°. Given: 91.0.")
    ) {
      try await stub.service.forecast(Coordinate(latitude: 91, longitude: 0))
    }
  }

  @Test func aBadRequestWithoutABodySaysSo() async throws {
    let stub = try StubHost(.http(status: 400, body: Data()))
    defer { stub.remove() }
    await #expect(throws: WeatherError.badRequest("HTTP 400 without a reason")) {
      try await stub.service.forecast(Self.trailhead)
    }
  }

  @Test func tooManyRequestsIsRateLimited() async throws {
    let stub = try StubHost(.http(status: 429, body: Data(#"{"error":true,"reason":"x"}"#.utf8)))
    defer { stub.remove() }
    await #expect(throws: WeatherError.rateLimited) {
      try await stub.service.forecast(Self.trailhead)
    }
  }

  @Test(arguments: [500, 503]) func aServerFailureKeepsItsStatusAfterThreeRetries(status: Int)
    async throws
  {
    let stub = try StubHost(.http(status: status, body: Data("oops".utf8)))
    defer { stub.remove() }
    await #expect(throws: WeatherError.server(status)) {
      try await stub.service.forecast(Self.trailhead)
    }
    // The apps' policy: three retries, after 125-250, 250-500 and 500-1000 ms on the clock.
    #expect(StubURLProtocol.requests(to: stub.host).count == 4)
    let sleeps = stub.clock.sleeps
    try #require(sleeps.count == 3)
    #expect((.milliseconds(125)...(.milliseconds(250))).contains(sleeps[0]))
    #expect((.milliseconds(250)...(.milliseconds(500))).contains(sleeps[1]))
    #expect((.milliseconds(500)...(.seconds(1))).contains(sleeps[2]))
  }

  @Test func aRateLimitIsRetriedThreeTimesBeforeItIsReported() async throws {
    let stub = try StubHost(.http(status: 429, body: Data(#"{"error":true,"reason":"x"}"#.utf8)))
    defer { stub.remove() }
    _ = try? await stub.service.forecast(Self.trailhead)
    #expect(StubURLProtocol.requests(to: stub.host).count == 4)
    #expect(stub.clock.sleeps.count == 3)
  }

  @Test func anErrorARetryCannotCureIsNotRetried() async throws {
    let stub = try StubHost(.http(status: 400, body: Data(#"{"error":true,"reason":"bad"}"#.utf8)))
    defer { stub.remove() }
    _ = try? await stub.service.forecast(Self.trailhead)
    #expect(StubURLProtocol.requests(to: stub.host).count == 1)
    #expect(stub.clock.sleeps.isEmpty)
  }

  /// The last 5xx status is the service's failure too, asked once: no retry cures it.
  @Test func theLastServerStatusIsAServerFailureAskedOnce() async throws {
    let stub = try StubHost(.http(status: 599, body: Data("oops".utf8)))
    defer { stub.remove() }
    await #expect(throws: WeatherError.server(599)) {
      try await stub.service.forecast(Self.trailhead)
    }
    #expect(StubURLProtocol.requests(to: stub.host).count == 1)
  }

  /// A status outside 5xx (those on either side of it included) is reported as it is, once.
  @Test(arguments: [404, 499, 600]) func anotherStatusIsReportedAsIs(status: Int) async throws {
    let stub = try StubHost(.http(status: status, body: Data()))
    defer { stub.remove() }
    await #expect(throws: WeatherError.http(status)) {
      try await stub.service.forecast(Self.trailhead)
    }
    #expect(StubURLProtocol.requests(to: stub.host).count == 1)
  }

  @Test func malformedJSONIsADecodingError() async throws {
    let stub = try StubHost(status: 200, fixture: "broken/truncated.json")
    defer { stub.remove() }
    await #expect(throws: WeatherError.decoding("the body is not valid JSON")) {
      try await stub.service.forecast(Self.trailhead)
    }
  }

  @Test func aBodyOfTheWrongShapeSaysWhatIsMissing() async throws {
    let stub = try StubHost(.http(status: 200, body: Data(#"{"latitude": 1}"#.utf8)))
    defer { stub.remove() }
    await #expect(throws: WeatherError.decoding("missing \"daily\" in the top level")) {
      try await stub.service.forecast(Self.trailhead)
    }
  }

  @Test func aNetworkFailureIsInWords() async throws {
    let stub = try StubHost(.failure(URLError(.cannotConnectToHost)))
    defer { stub.remove() }
    await #expect(throws: WeatherError.network("cannot connect to \(stub.host)")) {
      try await stub.service.forecast(Self.trailhead)
    }
  }

  @Test func aTimeoutThatLastsIsReportedAfterThreeRetries() async throws {
    let stub = try StubHost(.failure(URLError(.timedOut)))
    defer { stub.remove() }
    await #expect(throws: WeatherError.network("the request timed out")) {
      try await stub.service.forecast(Self.trailhead)
    }
    #expect(StubURLProtocol.requests(to: stub.host).count == 4)
    #expect(stub.clock.sleeps.count == 3)
  }

  @Test func aCancelledRequestIsCancellationNotAnError() async throws {
    let stub = try StubHost(.failure(URLError(.cancelled)))
    defer { stub.remove() }
    await #expect(throws: CancellationError.self) {
      try await stub.service.forecast(Self.trailhead)
    }
  }

  @Test func aCancelledTaskSendsNothingAndGetsNoForecast() async throws {
    let stub = try StubHost(status: 200, fixture: "weather/forecast-44.62_-124.06.json")
    defer { stub.remove() }
    let service = stub.service
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await service.forecast(Self.trailhead)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(stub.requests.isEmpty)
  }
}
