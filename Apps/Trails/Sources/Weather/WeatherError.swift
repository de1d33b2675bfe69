/// Why a forecast could not be had; each case reads as one line for the user.
///
/// Cancellation is not among them: a superseded request throws `CancellationError`.
public enum WeatherError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Open-Meteo refused the request (HTTP 400) and said why; also a coordinate the fixtures
  /// have no forecast for.
  case badRequest(String)
  /// Too many requests (HTTP 429): Open-Meteo's limits were reached.
  case rateLimited
  /// Open-Meteo failed (HTTP 5xx), with the status.
  case server(Int)
  /// Another unexpected HTTP status, such as 404 from a wrong `--api-base`.
  case http(Int)
  /// The response was not the forecast JSON expected; says where it went wrong.
  case decoding(String)
  /// The request did not complete: no connection, unknown host, timeout; in words.
  case network(String)

  /// One line saying what went wrong, for a CLI's stderr or next to the plan.
  public var userMessage: String {
    switch self {
    case .badRequest(let reason): "the forecast was refused: \(reason)"
    case .rateLimited: "too many forecast requests for Open-Meteo; try again in a minute"
    case .server(let status): "the forecast service failed (HTTP \(status)); try again later"
    case .http(let status): "the forecast service answered HTTP \(status); check --api-base"
    case .decoding(let details): "the forecast could not be read: \(details)"
    case .network(let words): "no forecast: \(words)"
    }
  }

  /// The same line as ``userMessage``.
  public var description: String { userMessage }
}
