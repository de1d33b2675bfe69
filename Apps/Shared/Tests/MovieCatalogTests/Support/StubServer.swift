import Foundation
import MovieCatalog
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One test's fake TMDB: a unique host whose requests ``StubURLProtocol`` answers.
///
/// ```swift
/// let server = try StubServer(.fixture("movies/popular-1.json"))
/// let catalog = server.catalog(token: "...")
/// _ = try await catalog.popular(1)
/// server.requests  // what the live client sent
/// ```
struct StubServer {
  /// The one session every stubbed test shares, as an app shares one per client.
  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    return URLSession(configuration: configuration)
  }()

  /// This server's host, unique to the test that made it.
  let host: String

  /// Serves `responses` in order (the last repeats) to requests for a fresh host.
  init(_ responses: StubResponse...) {
    host = "tmdb-\(UUID().uuidString.lowercased()).stub"
    StubURLProtocol.install(responses, for: host)
  }

  /// `https://<host>`, to pass as the live client's base URL.
  var baseURL: URL {
    get throws { try #require(URL(string: "https://\(host)")) }
  }

  /// The requests this server received, in order.
  var requests: [URLRequest] { StubURLProtocol.requests(for: host) }

  /// A live catalog pointed at this server through the shared stub session.
  func catalog(
    token: String = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl",
    path: String = "",
    language: String = "en-US",
    clock: any Clock<Duration> = RecordingClock()
  ) throws -> MovieCatalog {
    let base = try #require(URL(string: "https://\(host)\(path)"))
    return .live(
      token: token, baseURL: base, language: language, session: Self.session, clock: clock)
  }
}
