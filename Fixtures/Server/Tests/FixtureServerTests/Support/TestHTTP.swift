import FixtureHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URLSession the tests share, and helpers around it and around in-process servers.
enum TestHTTP {
  /// One long-lived session (sessions made per request crash on Linux), up to 8 connections
  /// per host, no cache.
  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 8
    configuration.timeoutIntervalForRequest = 30
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }()

  /// `GET http://127.0.0.1:<port><target>` with `headers`.
  ///
  /// - Returns: The body and the HTTP response.
  static func get(
    port: UInt16, _ target: String, headers: [String: String] = [:]
  ) async throws -> (body: Data, response: HTTPURLResponse) {
    let url = try #require(URL(string: "http://127.0.0.1:\(port)\(target)"))
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (body, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse, "not an HTTP response: \(response)")
    return (body, http)
  }

  /// A server on a free loopback port, logging into `log`.
  static func startServer(
    _ configuration: ServerConfiguration = ServerConfiguration(),
    router: FixtureRouter = FixtureRouter(fixtures: .bundled), log: LogRecorder = LogRecorder()
  ) throws -> FixtureHTTPServer {
    try FixtureHTTPServer(configuration: configuration, router: router, log: log.record)
  }
}
