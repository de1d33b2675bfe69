import Foundation
import HTTPRetry
import HTTPTransportDoubles
import LoopContracts
import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

extension Trails {
  /// The live forecast, its HTTP answered by a script.
  ///
  /// What is asked of Open-Meteo (docs/apps/trails.md, "Forecasts from Open-Meteo"), and the
  /// one line each kind of failure is shown with. Every expected value is written here by
  /// hand; how each WMO weather code reads is WeatherCodeTests'.
  static let weatherScenarios: [Scenario<Trails>] = [
    Scenario("a trail's forecast asks Open-Meteo for its trailhead, 7 days, in local time") {
      context in
      let http = ScriptedHTTP([.status(200, days(codes: [0]))])
      _ = await trailForecast(context, http)
      let query = http.requests.first?.query ?? [:]
      // Cinder Corrie's trailhead in regions.json: 57.1342, -4.9178.
      context.check(
        query == [
          "latitude": "57.1342", "longitude": "-4.9178",
          "daily": "temperature_2m_max,temperature_2m_min,precipitation_sum,weather_code",
          "timezone": "auto", "forecast_days": "7",
        ], "the query: \(query)")
      context.check(http.requests.first?.path == "/v1/forecast", "the forecast endpoint")
    },
    // Open-Meteo's `daily.time` holds days as YYYY-MM-DD: each month's last day, and no
    // day past it, nor a text of another form (docs/apps/trails.md).
    Scenario("a forecast's days are days of the calendar; any other text refuses the forecast") {
      context in
      let lastDays = [
        "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30",
        "2026-07-31", "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30", "2026-12-31",
        "2028-02-29", "2000-02-29",
      ]
      func forecast(_ times: [String]) -> String {
        let list = times.map { "\"\($0)\"" }.joined(separator: ",")
        let zeros = Array(repeating: "0", count: times.count).joined(separator: ",")
        return #"{"daily":{"time":["# + list + #"],"temperature_2m_max":["# + zeros
          + #"],"temperature_2m_min":["# + zeros + #"],"precipitation_sum":["# + zeros
          + #"],"weather_code":["# + zeros + "]}}"
      }
      let loaded = await trailForecast(context, ScriptedHTTP([.status(200, forecast(lastDays))]))
      if case .loaded(let days) = loaded {
        context.check(
          days.days.map(\.date.description) == lastDays,
          "read as \(days.days.map(\.date.description))")
      } else {
        context.check(false, "every month's last day: \(String(describing: loaded))")
      }
      for text in [
        "2026-02-29", "2026-04-31", "2026-06-31", "2026-09-31", "2026-11-31", "1900-02-29",
        "2026-13-01", "2026-00-10", "2026-12", "2026", "2026-12-01-01", "2026-12-1", "",
      ] {
        let status = await trailForecast(context, ScriptedHTTP([.status(200, forecast([text]))]))
        guard case .failed(let line) = status else {
          context.check(false, "\"\(text)\" read as \(String(describing: status))")
          continue
        }
        context.check(
          line.hasPrefix("the forecast could not be read: ") && line.contains("\"\(text)\""),
          "\"\(text)\": \(line)")
      }
    },
    Scenario("each kind of Open-Meteo failure is shown as its own line") { context in
      let reason = #"{"error":true,"reason":"Latitude must be in range of -90 to 90°."}"#
      let twoDays =
        #"{"daily":{"time":["2026-12-01","2026-12-02"],"temperature_2m_max":[9.5],"#
        + #""temperature_2m_min":[1,2],"precipitation_sum":[0,0],"weather_code":[0,0]}}"#
      let cases: [(answers: [ScriptedHTTP.Answer], line: String)] = [
        (
          [.status(400, reason)],
          "the forecast was refused: Latitude must be in range of -90 to 90°."
        ),
        ([.status(400, "{}")], "the forecast was refused: HTTP 400 without a reason"),
        (
          Array(repeating: .status(429, "{}"), count: 4),
          "too many forecast requests for Open-Meteo; try again in a minute"
        ),
        (
          Array(repeating: .status(503, "{}"), count: 4),
          "the forecast service failed (HTTP 503); try again later"
        ),
        ([.status(404, "{}")], "the forecast service answered HTTP 404; check --api-base"),
        ([.status(200, "<html>")], "the forecast could not be read: the body is not valid JSON"),
        (
          [.status(200, "{}")], #"the forecast could not be read: missing "daily" in the top level"#
        ),
        (
          [.status(200, twoDays)],
          "the forecast could not be read: daily.temperature_2m_max: 1 values for 2 days in "
            + "temperature_2m_max"
        ),
        (Array(repeating: .timeout, count: 4), "no forecast: the request timed out"),
        // The network's own failures, each in its words (docs/apps/trails.md), asked once.
        ([.failure(.notConnectedToInternet)], "no forecast: not connected to the internet"),
        ([.failure(.cannotFindHost)], "no forecast: cannot find the host api.open-meteo.com"),
        ([.failure(.cannotConnectToHost)], "no forecast: cannot connect to api.open-meteo.com"),
        ([.failure(.networkConnectionLost)], "no forecast: the connection was lost"),
        (
          [.failure(.secureConnectionFailed)],
          "no forecast: a secure connection to api.open-meteo.com failed"
        ),
        ([.failure(.badServerResponse)], "no forecast: the request failed (URL error -1011)"),
        // A failure of the transport itself, in its own words.
        ([.broken("libcurl could not start")], "no forecast: libcurl could not start"),
      ]
      for (answers, line) in cases {
        let http = ScriptedHTTP(answers)
        let status = await trailForecast(context, http)
        // Asked again at most 3 times: every scripted answer is used, and no more.
        context.check(
          http.requests.count == answers.count,
          "\(line): \(http.requests.count) requests for \(answers.count) answers")
        context.check(
          status == .failed(line), "expected \"\(line)\", got \(String(describing: status))")
      }
    },
    // docs/apps/trails.md: 429, 5xx and time-outs are asked again first, as TMDB's are
    // (HTTPRetry's policy: before retry n, half to all of 250 ms x 2^(n-1), jittered; a
    // Retry-After in seconds waited out exactly). With no jitter: 125 ms, then 250 ms; and
    // a 429 saying `Retry-After: 2`, 2 s. Each boundary: one millisecond before, nothing.
    Scenario("a forecast is asked again only once its backoff or Retry-After has passed") {
      context in
      let ok = days(codes: [0])
      let cases: [(answers: [ScriptedHTTP.Answer], waits: [Duration])] = [
        ([.status(503), .timeout, .status(200, ok)], [.milliseconds(125), .milliseconds(250)]),
        ([.status(429, "{}", retryAfter: "2"), .status(200, ok)], [.seconds(2)]),
      ]
      for (answers, waits) in cases {
        let http = ScriptedHTTP(answers)
        let store = await planner(context, on: http, after: .show(.trail(TrailsSamples.gull)))
        await store.settle()
        for (index, wait) in waits.enumerated() {
          await store.advance(by: wait - .milliseconds(1))
          context.check(
            http.requests.count == index + 1,
            "\(wait - .milliseconds(1)) into wait \(index + 1): \(http.requests.count) requests")
          await store.advance(by: .milliseconds(1))
        }
        await store.wait { $0.trailForecast.map { $0.status != .loading } ?? false }
        let loaded: Bool
        if case .loaded = store.state.trailForecast?.status {
          loaded = true
        } else {
          loaded = false
        }
        context.check(
          loaded && http.requests.count == answers.count,
          "\(answers.count) answers: \(http.requests.count) requests, loaded: \(loaded)")
      }
    },
    // docs/apps/trails.md: the trailhead's latitude and longitude to 4 decimals, trailing
    // zeros dropped; zero (and a value that rounds to zero) is written 0, never -0.
    Scenario("a trailhead's coordinates are sent to four decimals, zero as 0") { context in
      let cases: [(Coordinate, String, String)] = [
        (Coordinate(latitude: 0, longitude: -0.0), "0", "0"),
        (Coordinate(latitude: -0.00004, longitude: 12.3456), "0", "12.3456"),
        (Coordinate(latitude: -45.5, longitude: 170.12346), "-45.5", "170.1235"),
      ]
      // The bundled forecasts are named the same way, to two decimals.
      let path = WeatherService.fixturePath(for: Coordinate(latitude: 0, longitude: -0.001))
      context.check(path == "weather/forecast-0.00_0.00.json", "the fixture at zero: \(path)")
      for (coordinate, latitude, longitude) in cases {
        let http = ScriptedHTTP([.status(200, days(codes: [0]))])
        let weather = WeatherService.live(
          transport: http.transport, clock: TestClock(), retryPolicy: RetryPolicy(random: { 0 }))
        _ = try? await weather.forecast(coordinate)
        let query = http.requests.first?.query ?? [:]
        context.check(
          query["latitude"] == latitude && query["longitude"] == longitude,
          "\(coordinate): latitude=\(query["latitude"] ?? "-"), longitude=\(query["longitude"] ?? "-")"
        )
      }
    },
    // WeatherService.live: a request the transport cancelled (a superseded request) throws
    // CancellationError, which is not an error to show, and is not asked again.
    Scenario("a forecast request cancelled in flight ends as cancelled, not as a failure") {
      context in
      let http = ScriptedHTTP([.failure(.cancelled)])
      let weather = WeatherService.live(
        transport: http.transport, clock: TestClock(), retryPolicy: RetryPolicy(random: { 0 }))
      do {
        let forecast = try await weather.forecast(TrailsSamples.trailhead(of: TrailsSamples.gull))
        context.check(false, "a cancelled request answered \(forecast.days.count) days")
      } catch is CancellationError {
        context.check(http.requests.count == 1, "\(http.requests.count) requests, not 1")
      } catch {
        context.check(false, "a cancelled request threw \(error)")
      }
    },
    Scenario("a forecast day that is not a real YYYY-MM-DD day is an error naming it") {
      context in
      // February 29 only in leap years: every fourth year, but not a century not divisible by
      // 400 (1900, 2100).
      for text in [
        "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00", "2026-01-32",
        "2026-12-01-01", "26-12-01", "2026-1-01", "2026-12-1", "2026/12/01", "２０２６-12-01",
        " 2026-12-01", "1900-02-29", "2100-02-29",
      ] {
        let body =
          #"{"daily":{"time":["\#(text)"],"temperature_2m_max":[9.5],"temperature_2m_min":[1],"#
          + #""precipitation_sum":[0],"weather_code":[0]}}"#
        let status = await trailForecast(context, ScriptedHTTP([.status(200, body)]))
        let line =
          "the forecast could not be read: daily.time[0]: expected a day as YYYY-MM-DD, found "
          + "\"\(text)\""
        context.check(status == .failed(line), "\(text): \(String(describing: status))")
      }
      // Leap days of leap years are days.
      for text in ["2028-02-29", "2000-02-29"] {
        let body =
          #"{"daily":{"time":["\#(text)"],"temperature_2m_max":[9.5],"temperature_2m_min":[1],"#
          + #""precipitation_sum":[0],"weather_code":[0]}}"#
        let status = await trailForecast(context, ScriptedHTTP([.status(200, body)]))
        guard case .loaded(let forecast) = status else {
          context.check(false, "\(text): \(String(describing: status))")
          continue
        }
        context.check(forecast.days.first?.date.description == text, "\(text) reads back")
      }
    },
  ]

  /// An Open-Meteo answer of one day per code, from 2026-12-01 on, dry and 5 to 10 °C.
  private static func days(codes: [Int?]) -> String {
    var day = TrailsSamples.today
    var dates: [String] = []
    for _ in codes {
      dates.append("\"\(day)\"")
      day = day.adding(days: 1)
    }
    let values = codes.map { $0.map(String.init) ?? "null" }
    let repeated = { (value: String) in Array(repeating: value, count: codes.count) }
    return #"{"daily":{"time":[\#(dates.joined(separator: ","))],"#
      + #""temperature_2m_max":[\#(repeated("10").joined(separator: ","))],"#
      + #""temperature_2m_min":[\#(repeated("5").joined(separator: ","))],"#
      + #""precipitation_sum":[\#(repeated("0").joined(separator: ","))],"#
      + #""weather_code":[\#(values.joined(separator: ","))]}}"#
  }

  /// The planner, restored, with the live forecast service on `http` (no jitter) and a test
  /// clock, after the user's `request`.
  private static func planner(
    _ context: ScenarioContext<Trails>, on http: ScriptedHTTP, after request: Event
  ) async -> TestStore<State, Event> {
    let clock = TestClock()
    let weather = WeatherService.live(
      transport: http.transport, clock: clock, retryPolicy: RetryPolicy(random: { 0 }))
    let machine = TrailsDoubles.machine(
      database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()), weather: weather,
      clock: clock)
    let store = context.store(initial: TrailsSamples.launch, machine: machine, clock: clock)
    await store.wait { $0.persistence.ready != nil }
    store.send(request)
    return store
  }

  /// The forecast shown for Cinder Corrie once opened, from the live service on `http`, every
  /// retry's wait let pass.
  private static func trailForecast(_ context: ScenarioContext<Trails>, _ http: ScriptedHTTP)
    async -> ForecastStatus?
  {
    let store = await planner(
      context, on: http, after: .open("trails://trail/\(TrailsSamples.cinder)"))
    await store.advance(by: .seconds(60))
    await store.wait { $0.trailForecast.map { $0.status != .loading } ?? false }
    return store.state.trailForecast?.status
  }
}
