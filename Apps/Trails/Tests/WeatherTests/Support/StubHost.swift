import Fixtures
import Foundation
import TestSupport
import Testing
import Weather

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One test's fake Open-Meteo: a unique host answering every request with one answer.
///
/// ```swift
/// let stub = try StubHost(.http(status: 429, body: Data()))
/// defer { stub.remove() }
/// await #expect(throws: WeatherError.rateLimited) { try await stub.service.forecast(point) }
/// ```
struct StubHost {
  /// The host name, unique to this stub.
  let host: String
  /// `https://<host>`, the base URL to give the live client.
  let baseURL: URL
  /// The live client pointed at this host through a stubbed session.
  let service: WeatherService
  /// The clock the client's retries sleep on: they return at once and are recorded.
  let clock = RecordingClock()
  /// The stubbed session, invalidated by ``remove()``.
  private let session: URLSession

  /// Registers a new host that answers `answer`; `path` is an optional base-URL path prefix.
  init(_ answer: StubURLProtocol.Answer, path: String = "") throws {
    host = "\(UUID().uuidString.lowercased()).open-meteo.test"
    baseURL = try #require(URL(string: "https://\(host)\(path)"))
    session = StubURLProtocol.session()
    service = .live(baseURL: baseURL, session: session, clock: clock)
    StubURLProtocol.register(answer, for: host)
  }

  /// Registers a host answering HTTP `status` with the fixture at `fixture` as the body.
  init(status: Int, fixture: String) throws {
    try self.init(.http(status: status, body: try Fixtures.data(fixture)))
  }

  /// The requests this host received, in order.
  var requests: [URLRequest] {
    StubURLProtocol.requests(to: host)
  }

  /// Unregisters the host and invalidates the session.
  func remove() {
    StubURLProtocol.unregister(host)
    session.finishTasksAndInvalidate()
  }
}
