import Foundation
import HTTPRetry
import HTTPTransport
import TrailsModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension WeatherService {
  /// Open-Meteo's API host, `https://api.open-meteo.com`: the default for
  /// ``live(baseURL:transport:clock:retryPolicy:)``.
  public static let openMeteoBaseURL: URL = {
    guard let url = URL(string: "https://api.open-meteo.com") else {
      preconditionFailure("the Open-Meteo base URL literal does not parse")
    }
    return url
  }()

  /// Forecasts from Open-Meteo (no key needed), or from any host serving its URL shape.
  ///
  /// Each call asks for
  /// `GET {baseURL}/v1/forecast?latitude=..&longitude=..&daily=temperature_2m_max,`
  /// `temperature_2m_min,precipitation_sum,weather_code&timezone=auto&forecast_days=7`.
  /// Failures map to ``WeatherError``: 400 with Open-Meteo's `reason` to
  /// ``WeatherError/badRequest(_:)``, 429 to ``WeatherError/rateLimited``, 5xx to
  /// ``WeatherError/server(_:)``, another non-2xx to ``WeatherError/http(_:)``, a body that is
  /// not a forecast to ``WeatherError/decoding(_:)``, a transport failure to
  /// ``WeatherError/network(_:)``. A cancelled request (`URLError.cancelled`) throws
  /// `CancellationError`, as does a call from a task already cancelled (which sends nothing)
  /// or one cancelled before the answer is decoded.
  ///
  /// A 429, a server error (500, 502, 503, 504) or a request that got no answer within the
  /// transport's timeout is retried as `HTTPRetry.RetryPolicy` says, the same in every app:
  /// at most 3 times, after a `Retry-After` of up to 5 seconds, else after a capped,
  /// jittered backoff, sleeping on `clock`.
  ///
  /// ```swift
  /// let weather = WeatherService.live()  // or live(baseURL: fixtureServerURL)
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: The API host (and optional path prefix); ``openMeteoBaseURL`` by default.
  ///   - transport: What every request goes through; libcurl with the apps' 30 s timeout
  ///     unless given (``HTTPTransport/urlSession(_:)`` for a stub session).
  ///   - clock: The clock retries sleep on; a `ContinuousClock` unless given.
  ///   - retryPolicy: When to retry and after how long; the apps' policy unless given.
  /// - Returns: A service that requests forecasts over HTTP.
  public static func live(
    baseURL: URL = openMeteoBaseURL,
    transport: HTTPTransport = .curl(),
    clock: any Clock<Duration> = ContinuousClock(),
    retryPolicy: RetryPolicy = RetryPolicy()
  ) -> WeatherService {
    WeatherService { coordinate in
      let request = try OpenMeteo.request(for: coordinate, baseURL: baseURL)
      var retries = 0
      while true {
        // A superseded request is never sent; cancelling one in flight is the transport's job.
        try Task.checkCancellation()
        let data: Data
        let http: HTTPURLResponse
        switch try await send(request, on: transport) {
        case .answered(let body, let response):
          (data, http) = (body, response)
        case .timedOut(let error):
          // No answer at all: retried like a 503 (the request is a GET).
          guard let delay = retryPolicy.delay(beforeRetry: retries + 1, retryAfter: nil) else {
            throw error
          }
          retries += 1
          try await clock.sleep(for: delay)
          continue
        }
        if RetryPolicy.retries(status: http.statusCode),
          let delay = retryPolicy.delay(
            beforeRetry: retries + 1,
            retryAfter: RetryPolicy.retryAfter(
              header: http.value(forHTTPHeaderField: "Retry-After")))
        {
          retries += 1
          try await clock.sleep(for: delay)  // throws CancellationError when cancelled
          continue
        }
        try Task.checkCancellation()
        return try OpenMeteo.forecast(from: data, response: http)
      }
    }
  }

  /// What one attempt got: an answer with any status, or nothing before the timeout.
  private enum Attempt {
    case answered(Data, HTTPURLResponse)
    case timedOut(WeatherError)
  }

  /// Sends `request` once, mapping transport failures and cancellation.
  private static func send(_ request: URLRequest, on transport: HTTPTransport) async throws
    -> Attempt
  {
    do {
      let (body, response) = try await transport.data(for: request)
      return .answered(body, response)
    } catch let error as URLError where error.code == .cancelled {
      throw CancellationError()
    } catch let error as URLError where error.code == .timedOut {
      return .timedOut(.network(OpenMeteo.words(for: error, host: request.url?.host)))
    } catch let error as URLError {
      throw WeatherError.network(OpenMeteo.words(for: error, host: request.url?.host))
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw WeatherError.network("\(error)")
    }
  }
}

extension WeatherService {
  /// ``live(baseURL:transport:clock:retryPolicy:)`` over `session`: for tests whose
  /// session's configuration has a stub in `protocolClasses`.
  ///
  /// - Parameters:
  ///   - baseURL: The API host (and optional path prefix); ``openMeteoBaseURL`` by default.
  ///   - session: The session for every request of this service; keep one per service.
  ///   - clock: The clock retries sleep on; a `ContinuousClock` unless given.
  ///   - retryPolicy: When to retry and after how long; the apps' policy unless given.
  /// - Returns: A service that requests forecasts through `session`.
  public static func live(
    baseURL: URL = openMeteoBaseURL,
    session: URLSession,
    clock: any Clock<Duration> = ContinuousClock(),
    retryPolicy: RetryPolicy = RetryPolicy()
  ) -> WeatherService {
    live(
      baseURL: baseURL, transport: .urlSession(session), clock: clock, retryPolicy: retryPolicy)
  }
}
