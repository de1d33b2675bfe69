import Fixtures
import Foundation
import HTTPTransport
import LoopSynchronization
import LoopTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP server as a script, for contract scenarios of a live client (TMDB's, Open-Meteo's):
/// each request gets the next answer and is recorded, so a scenario can check what was asked
/// and count it.
///
/// ```swift
/// let http = ScriptedHTTP([.status(503), .fixture("movies/popular-1.json")])
/// let catalog = MovieCatalog.live(token: "a.b.c", transport: http.transport, clock: clock)
/// ```
public final class ScriptedHTTP: Sendable {
  /// One answer.
  public enum Answer: Sendable {
    /// A fixture file (`movies/search/star.json`, `weather/...`), 200.
    case fixture(String)
    /// Another status, with a body and a `Retry-After` header if given.
    case status(Int, String = "{}", retryAfter: String? = nil)
    /// No answer before the timeout.
    case timeout
    /// The request fails with this `URLError` code, as when the network fails.
    case failure(URLError.Code)
    /// The transport itself fails with an error of its own (not a `URLError`), whose
    /// description is this text.
    case broken(String)
  }

  /// An error of the transport's own, as ``Answer/broken(_:)`` throws it.
  public struct TransportFailure: Error, CustomStringConvertible {
    /// What the transport says went wrong.
    public let description: String
  }

  /// One request as the server saw it.
  public struct Request: Sendable {
    /// The URL's path: `/3/movie/popular`.
    public var path: String
    /// The query items, by name.
    public var query: [String: String]
    /// The `Authorization` header, if sent.
    public var authorization: String?
    /// The query as sent, percent-encoded: `query=c%2B%2B&page=1`.
    public var rawQuery: String
  }

  private let answers: Mutex<[Answer]>
  private let seen = Mutex<[Request]>([])
  /// Every request's path, for call budgets.
  public let log = CallLog<String>()

  /// A server that gives `answers` in order.
  ///
  /// - Parameter answers: One per request.
  public init(_ answers: [Answer]) {
    self.answers = Mutex(answers)
  }

  /// The requests so far, in order.
  public var requests: [Request] { seen.withLock { $0 } }

  /// The transport that answers from the script (a 500 once it runs out).
  public var transport: HTTPTransport {
    HTTPTransport { [self] request in
      let components = request.url.flatMap {
        URLComponents(url: $0, resolvingAgainstBaseURL: false)
      }
      let query = Dictionary(
        (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
      ) { first, _ in first }
      let path = components?.path ?? ""
      seen.withLock {
        $0.append(
          Request(
            path: path, query: query,
            authorization: request.value(forHTTPHeaderField: "Authorization"),
            rawQuery: components?.percentEncodedQuery ?? ""))
      }
      log.record(path)
      let answer = answers.withLock { $0.isEmpty ? .status(500) : $0.removeFirst() }
      let url = request.url ?? URL(fileURLWithPath: "/")
      func response(_ status: Int, _ headers: [String: String]? = nil) throws -> HTTPURLResponse {
        guard
          let response = HTTPURLResponse(
            url: url, statusCode: status, httpVersion: nil, headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return response
      }
      switch answer {
      case .fixture(let path):
        return (try Fixtures.data(path), try response(200))
      case .status(let status, let body, let retryAfter):
        return (Data(body.utf8), try response(status, retryAfter.map { ["Retry-After": $0] }))
      case .timeout:
        throw URLError(.timedOut)
      case .failure(let code):
        throw URLError(code)
      case .broken(let description):
        throw TransportFailure(description: description)
      }
    }
  }
}
