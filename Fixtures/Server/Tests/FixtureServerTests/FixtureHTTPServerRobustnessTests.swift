import FixtureHTTP
import Fixtures
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server in this process under concurrency, delays, bad clients and a stop.
@Suite(.scaledTimeLimit(minutes: 1))
struct FixtureHTTPServerRobustnessTests {
  @Test func eightConcurrentClientsOfFiftyRequestsAllSucceed() async throws {
    let log = LogRecorder()
    let server = try TestHTTP.startServer(log: log)
    let targets = (1...5).map { "/3/movie/popular?page=\($0)" } + ["/3/genre/movie/list"]
    let expected = try targets.map { target in
      target.hasSuffix("list")
        ? try Fixtures.data("movies/genres.json")
        : try Fixtures.data("movies/popular-\(target.suffix(1)).json")
    }

    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      for client in 0..<8 {
        group.addTask {
          var failures: [String] = []
          for request in 0..<50 {
            let index = (client + request) % targets.count
            let (body, response) = try await TestHTTP.get(port: server.port, targets[index])
            if response.statusCode != 200 || body != expected[index] {
              failures.append("client \(client) request \(request): \(response.statusCode)")
            }
          }
          return failures
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    server.stop()
    await server.stopped()

    #expect(failures.isEmpty, "\(failures)")
    #expect(log.lines.count == 400)
  }

  @Test func delaysOnOneConnectionDoNotHoldUpTheOthers() throws {
    // Six requests on six connections, each delayed two seconds. Served one after another
    // they would take twelve seconds; in parallel about two. All six are written before any
    // answer is read, from this one thread with blocking sockets, so the time measured is the
    // server's alone: no wait for a turn on the test's cooperative threads (which a loaded,
    // fully parallel suite can delay by seconds) is part of it. The bound leaves eight
    // seconds for a loaded machine without letting a serial server pass.
    let faults = FaultConfiguration(latency: .seconds(2))
    let server = try TestHTTP.startServer(ServerConfiguration(faults: faults))
    defer { server.stop() }
    let clients = try (1...6).map { _ in try RawHTTPClient(port: server.port) }
    let clock = ContinuousClock()

    let start = clock.now
    for (index, client) in clients.enumerated() {
      try client.get("/3/movie/popular?page=\(index % 5 + 1)")
    }
    let statuses = try clients.map { try $0.readResponse().status }
    let elapsed = clock.now - start

    #expect(statuses == Array(repeating: 200, count: 6))
    #expect(elapsed >= .seconds(2))
    #expect(elapsed < .seconds(10), "six delayed requests took \(elapsed)")
  }

  @Test(arguments: [
    "garbage\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "\u{16}\u{3}\u{1}\u{0}\u{5}binary",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n",
  ])
  func aMalformedRequestGets400AndTheServerKeepsServing(bytes: String) async throws {
    let log = LogRecorder()
    let server = try TestHTTP.startServer(log: log)
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.write(bytes)
    let response = try client.readResponse()
    let afterwards = try await TestHTTP.get(port: server.port, "/3/genre/movie/list")

    #expect(response.status == 400)
    #expect(response.headers["connection"] == "close")
    #expect(try client.readUntilClosed().isEmpty)
    #expect(afterwards.response.statusCode == 200)
  }

  @Test func aHeadOver16KiBGets400() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)

    try client.write(
      "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 17 * 1024)
        + "\r\n\r\n")

    #expect(try client.readResponse().status == 400)
    #expect(
      try await TestHTTP.get(port: server.port, "/3/genre/movie/list").response.statusCode
        == 200)
  }

  @Test func aClientHangingUpMidRequestDoesNotHurtTheServer() async throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }
    do {
      let client = try RawHTTPClient(port: server.port)
      try client.write("GET /3/movie/popular?pa")
      client.finishSending()
      #expect(try client.readUntilClosed().isEmpty)
    }

    let afterwards = try await TestHTTP.get(port: server.port, "/3/movie/popular?page=1")
    #expect(afterwards.response.statusCode == 200)
  }

  @Test func anAnswerWhoseClientHungUpDuringTheDelayIsLoggedAsNotSent() async throws {
    // The client gives up (its own timeout) long before the 30-second delay ends: the log
    // says at once that nobody got the 200, rather than `200 30000ms` later.
    let log = AwaitableList<RequestLogEntry>()
    let server = try FixtureHTTPServer(
      configuration: ServerConfiguration(faults: FaultConfiguration(latency: .seconds(30))),
      router: FixtureRouter(fixtures: .bundled), log: { log.append($0) })
    defer { server.stop() }
    do {
      let client = try RawHTTPClient(port: server.port)
      try client.get("/3/genre/movie/list")
    }

    try await log.wait("the hang-up to be logged") { !$0.isEmpty }
    let entry = try #require(log.elements.first)
    #expect(entry.status == 200)
    #expect(entry.note == "not sent: the client hung up")
    #expect(entry.elapsed < .seconds(30))
    #expect(entry.line.hasPrefix("GET /3/genre/movie/list 200 "))
    #expect(entry.line.hasSuffix("ms (not sent: the client hung up)"))
  }

  @Test func aPipelinedRequestDuringTheDelayIsNoHangUp() async throws {
    let server = try TestHTTP.startServer(
      ServerConfiguration(faults: FaultConfiguration(latency: .milliseconds(200))))
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    try client.get("/3/genre/movie/list")
    try client.get("/3/movie/popular?page=2")

    #expect(try client.readResponse().status == 200)
    #expect(try client.readResponse().status == 200)
  }

  @Test func aClientPastTheConnectionLimitIsServedWhenAnotherCloses() async throws {
    let server = try TestHTTP.startServer(ServerConfiguration(maximumConnections: 1))
    defer { server.stop() }
    var first: RawHTTPClient? = try RawHTTPClient(port: server.port)
    try first?.get("/3/genre/movie/list")
    #expect(try first?.readResponse().status == 200)

    // Connected (the kernel accepts into the backlog) but not served while `first` is open.
    let second = try RawHTTPClient(port: server.port)
    try second.get("/3/genre/movie/list")
    first = nil

    #expect(try second.readResponse().status == 200)
  }

  @Test func stopClosesIdleConnectionsAndTheListener() async throws {
    let server = try TestHTTP.startServer()
    let client = try RawHTTPClient(port: server.port)
    try client.get("/3/genre/movie/list")
    #expect(try client.readResponse().status == 200)

    server.stop()
    await server.stopped()

    #expect(try client.readUntilClosed().isEmpty)
    #expect(throws: RawClientError.self) { try RawHTTPClient(port: server.port) }
    #expect(server.failure == nil)
    #expect(server.activeConnections == 0)
  }

  @Test func aSecondServerOnTheSamePortFailsNamingIt() throws {
    let server = try TestHTTP.startServer()
    defer { server.stop() }

    do {
      _ = try FixtureHTTPServer(configuration: ServerConfiguration(port: server.port))
      Issue.record("Expected a second server on port \(server.port) to fail")
    } catch {
      #expect(error.call == "bind")
      #expect(error.description.hasPrefix("cannot listen on 127.0.0.1:\(server.port): bind failed"))
    }
  }
}
