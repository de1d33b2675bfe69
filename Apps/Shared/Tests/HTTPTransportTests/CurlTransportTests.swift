import Foundation
import HTTPTransport
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The libcurl transport against `fixture-server` on loopback: answers of every status,
/// headers, the timeout, refused connections and cancellation.
@Suite(.scaledTimeLimit(minutes: 1))
struct CurlTransportTests {
  /// Starts a server with `options`, runs `body` with its base URL, and stops it.
  private func withServer<Result: Sendable>(
    _ options: [String] = [], _ body: (String) async throws -> Result
  ) async throws -> Result {
    let server = try await ServerProcess.start(["--port", "0", "--quiet"] + options)
    defer { server.send(SIGTERM) }
    let port = try #require(server.port, "no port in \(server.firstLine)")
    return try await body("http://127.0.0.1:\(port)")
  }

  private func request(_ base: String, _ path: String) throws -> URLRequest {
    var request = URLRequest(url: try #require(URL(string: base + path)))
    request.setValue("Bearer any", forHTTPHeaderField: "Authorization")
    return request
  }

  @Test func answersWithTheBodyAndHeaders() async throws {
    let (body, response) = try await withServer { base in
      try await HTTPTransport.curl().data(for: try request(base, "/3/movie/popular?page=2"))
    }
    #expect(response.statusCode == 200)
    #expect(
      response.value(forHTTPHeaderField: "content-type")?.hasPrefix("application/json") == true)
    let page = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    #expect(page?["page"] as? Int == 2)
  }

  @Test func anUnsuccessfulStatusIsAnAnswerNotAnError() async throws {
    let response = try await withServer(["--status", "503"]) { base in
      try await HTTPTransport.curl().data(for: try request(base, "/3/movie/popular?page=1")).1
    }
    #expect(response.statusCode == 503)
  }

  @Test func noAnswerWithinTheTimeoutIsTimedOut() async throws {
    let error = try await withServer(["--latency", "600s"]) { base in
      await #expect(throws: URLError.self) {
        _ = try await HTTPTransport.curl(timeout: .milliseconds(300))
          .data(for: try request(base, "/3/movie/popular?page=1"))
      }
    }
    #expect(error?.code == .timedOut)
  }

  @Test func aRefusedConnectionCannotConnect() async throws {
    // A port just freed by a server that has stopped: nothing listens there.
    let server = try await ServerProcess.start(["--port", "0", "--quiet"])
    let port = try #require(server.port)
    server.send(SIGTERM)
    _ = await server.waitForExit()
    let error = await #expect(throws: URLError.self) {
      _ = try await HTTPTransport.curl().data(
        for: try request("http://127.0.0.1:\(port)", "/3/movie/popular?page=1"))
    }
    #expect(error?.code == .cannotConnectToHost)
  }

  /// The server would answer after 10 minutes, far past the suite's time limit of one: a
  /// cancellation that did not end the wait fails the test by that limit, with no clock read
  /// here (a loaded machine, ThreadSanitizer, may take seconds to run the task at all).
  @Test func cancellingTheTaskEndsTheWaitAtOnce() async throws {
    try await withServer(["--latency", "600s"]) { base in
      let request = try request(base, "/3/movie/popular?page=1")
      let task = Task { try await HTTPTransport.curl().data(for: request) }
      task.cancel()
      await #expect(throws: CancellationError.self) { _ = try await task.value }
    }
  }

}
