import Foundation
import TrailsModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Open-Meteo's forecast endpoint: the request, and what each kind of response means.
enum OpenMeteo {
  /// The daily variables asked for, in Open-Meteo's spelling.
  static let dailyVariables = "temperature_2m_max,temperature_2m_min,precipitation_sum,weather_code"

  /// `GET {baseURL}/v1/forecast?...` for `coordinate`: 7 days, in the place's time zone.
  static func request(for coordinate: Coordinate, baseURL: URL) throws(WeatherError) -> URLRequest {
    let endpoint = baseURL.appendingPathComponent("v1/forecast")
    guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
      throw .badRequest("cannot build a forecast URL from \(baseURL)")
    }
    components.queryItems = [
      URLQueryItem(name: "latitude", value: degrees(coordinate.latitude)),
      URLQueryItem(name: "longitude", value: degrees(coordinate.longitude)),
      URLQueryItem(name: "daily", value: dailyVariables),
      URLQueryItem(name: "timezone", value: "auto"),
      URLQueryItem(name: "forecast_days", value: "7"),
    ]
    // URLComponents leaves "+" as is, which servers read as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    guard let url = components.url else {
      throw .badRequest("cannot build a forecast URL from \(baseURL)")
    }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  /// The forecast in a response, or the error its status and body stand for.
  static func forecast(from data: Data, response: URLResponse) throws(WeatherError) -> Forecast {
    guard let http = response as? HTTPURLResponse else {
      throw .network("the answer was not an HTTP response")
    }
    switch http.statusCode {
    case 200..<300:
      do {
        return try JSONDecoder().decode(Forecast.self, from: data)
      } catch let error as DecodingError {
        throw .decoding(describe(error))
      } catch {
        throw .decoding("\(error)")
      }
    case 400:
      let body = try? JSONDecoder().decode(OpenMeteoErrorBody.self, from: data)
      throw .badRequest(body?.reason ?? "HTTP 400 without a reason")
    case 429: throw .rateLimited
    case 500..<600: throw .server(http.statusCode)
    default: throw .http(http.statusCode)
    }
  }

  /// A transport failure in a few words.
  static func words(for error: URLError, host: String?) -> String {
    let place = host.map { " \($0)" } ?? ""
    switch error.code {
    case .notConnectedToInternet: return "not connected to the internet"
    case .cannotFindHost: return "cannot find the host\(place)"
    case .cannotConnectToHost: return "cannot connect to\(place.isEmpty ? " the host" : place)"
    case .timedOut: return "the request timed out"
    case .networkConnectionLost: return "the connection was lost"
    case .secureConnectionFailed: return "a secure connection to\(place) failed"
    default: return "the request failed (URL error \(error.code.rawValue))"
    }
  }

  /// A coordinate value with up to four decimals and no trailing zeros: `-124.0612`, `5.3`.
  static func degrees(_ value: Double) -> String {
    // A Double, not the literal: a `0` beside `value` in `String(format:)`'s arguments is
    // passed as an Int, which `%f` does not read.
    let unsignedZero: Double = value == 0 ? 0 : value
    var text = String(format: "%.4f", unsignedZero)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Where decoding went wrong, in one line.
  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return keys.isEmpty ? "the top level" : keys.joined().trimmingPrefix(".").description
    }
    switch error {
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "the body is not valid JSON" : "\(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" in \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected value at \(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
