import FixtureHTTP
import Fixtures
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server in this process on a free loopback port, asked over real HTTP.
@Suite(.scaledTimeLimit(minutes: 1))
struct FixtureHTTPServerTests {
  @Test func popularPageOneOverURLSessionIsTheFixtureFileByteForByte() async throws {
    let log = LogRecorder()
    let server = try TestHTTP.startServer(log: log)
    let (body, response) = try await TestHTTP.get(port: server.port, "/3/movie/popular?page=1")
    server.stop()
    await server.stopped()

    #expect(response.statusCode == 200)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    #expect(body == (try Fixtures.data("movies/popular-1.json")))
    let line = try #require(log.lines.first)
    #expect(line.hasPrefix("GET /3/movie/popular?page=1 200 "), "log line: \(line)")
    #expect(line.hasSuffix("ms"), "log line: \(line)")
  }

  @Test func twoRequestsShareOneKeepAliveConnection() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.get("/3/movie/popular?page=1")
    let first = try client.readResponse()
    try client.get("/3/movie/popular?page=2")
    let second = try client.readResponse()

    #expect(first.status == 200)
    #expect(first.headers["connection"] == "keep-alive")
    #expect(first.body == Array(try Fixtures.data("movies/popular-1.json")))
    #expect(second.status == 200)
    #expect(second.body == Array(try Fixtures.data("movies/popular-2.json")))
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.write(
      "GET /3/genre/movie/list HTTP/1.1\r\nHost: x\r\n\r\n"
        + "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n")

    #expect(try client.readResponse().status == 200)
    #expect(try client.readResponse().status == 404)
  }

  @Test func connectionCloseIsHonoured() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.get("/3/genre/movie/list", extraHeaders: "Connection: close\r\n")
    let response = try client.readResponse()

    #expect(response.status == 200)
    #expect(response.headers["connection"] == "close")
    #expect(try client.readUntilClosed().isEmpty)
  }

  @Test func http10ClosesAfterOneResponse() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.write("GET /3/genre/movie/list HTTP/1.0\r\n\r\n")

    #expect(try client.readResponse().headers["connection"] == "close")
    #expect(try client.readUntilClosed().isEmpty)
  }

  @Test func headSendsTheLengthAndNoBodyAndTheConnectionGoesOn() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.write("HEAD /3/movie/popular?page=1 HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = try client.readResponse(hasBody: false)
    try client.get("/3/genre/movie/list")
    let next = try client.readResponse()

    #expect(head.status == 200)
    #expect(head.headers["content-length"] == "\(try Fixtures.data("movies/popular-1.json").count)")
    #expect(next.body == Array(try Fixtures.data("movies/genres.json")))
  }

  @Test func theTokenIsRequiredOverTheWire() async throws {
    let server = try TestHTTP.startServer(router: FixtureRouter(fixtures: .bundled, token: "t.o.k"))
    defer { server.stop() }

    let refused = try await TestHTTP.get(port: server.port, "/3/movie/popular?page=1")
    let accepted = try await TestHTTP.get(
      port: server.port, "/3/movie/popular?page=1", headers: ["Authorization": "Bearer t.o.k"])

    #expect(refused.response.statusCode == 401)
    #expect(refused.body == (try Fixtures.data("movies/errors/401-invalid-key.json")))
    #expect(accepted.response.statusCode == 200)
  }

  @Test func aForcedStatusAnswersItsPrefixWithRetryAfter() async throws {
    let faults = FaultConfiguration(
      forcedStatus: ForcedStatus(status: 429, pathPrefix: "/3/search/movie"))
    let server = try TestHTTP.startServer(ServerConfiguration(faults: faults))
    defer { server.stop() }

    let limited = try await TestHTTP.get(port: server.port, "/3/search/movie?query=dune")
    let other = try await TestHTTP.get(port: server.port, "/3/movie/popular?page=1")

    #expect(limited.response.statusCode == 429)
    #expect(limited.response.value(forHTTPHeaderField: "Retry-After") == "1")
    #expect(limited.body == (try Fixtures.data("movies/errors/429-rate-limit.json")))
    #expect(other.response.statusCode == 200)
  }

  @Test func aFailRateOfOneFailsEveryRequestWithTheAPIsBody() async throws {
    let server = try TestHTTP.startServer(
      ServerConfiguration(faults: FaultConfiguration(failRate: 1), seed: 1))
    defer { server.stop() }

    let tmdb = try await TestHTTP.get(port: server.port, "/3/movie/popular?page=1")
    let weather = try await TestHTTP.get(
      port: server.port, "/v1/forecast?latitude=44.62&longitude=-124.06")

    #expect(tmdb.response.statusCode == 500)
    #expect(tmdb.body == (try Fixtures.data("movies/errors/500-internal.json")))
    #expect(weather.response.statusCode == 500)
    #expect(String(decoding: weather.body, as: UTF8.self).hasPrefix(#"{"error":true,"#))
  }
}
