import FixtureHTTP
import Fixtures
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `fixture-server`, run as a user would: the first line, real requests, signals,
/// and bad command lines.
@Suite(.scaledTimeLimit(minutes: 1))
struct FixtureServerBinaryTests {
  @Test func itPrintsThePortFirstServesAndExitsZeroOnSIGTERM() async throws {
    let server = try await ServerProcess.start(["--port", "0", "--seed", "7"])
    defer { server.send(SIGKILL) }
    let port = try #require(server.port, "first line: \(server.firstLine)")
    #expect(server.firstLine == "fixture-server: listening on http://127.0.0.1:\(port)")

    let body: Data
    let response: HTTPURLResponse
    do {
      (body, response) = try await TestHTTP.get(port: port, "/3/movie/popular?page=1")
    } catch {
      // Say whether the server was still running, and what it wrote, not only the refusal.
      server.send(SIGKILL)
      let ending = await server.waitForExit()
      Issue.record(
        "GET failed: \(error); server ended \(ending); stderr: \(try server.standardError())")
      return
    }
    #expect(response.statusCode == 200)
    #expect(body == (try Fixtures.data("movies/popular-1.json")))

    server.send(SIGTERM)
    let ending = await server.waitForExit()
    let standardError = try server.standardError()
    #expect(ending.exited && ending.status == 0, "ended \(ending); stderr: \(standardError)")
    let lines = standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "fixture-server: seed 7, no token required")
    #expect(lines.contains { $0.hasPrefix("GET /3/movie/popular?page=1 200 ") })
    #expect(lines.last == "fixture-server: stopped")
  }

  @Test func sigintWithAnOpenKeepAliveConnectionExitsZero() async throws {
    let server = try await ServerProcess.start(["--port", "0", "--quiet"])
    defer { server.send(SIGKILL) }
    let client = try RawHTTPClient(port: try #require(server.port))
    try client.get("/3/genre/movie/list")
    #expect(try client.readResponse().status == 200)

    server.send(SIGINT)
    let ending = await server.waitForExit()

    #expect(ending.exited && ending.status == 0, "ended \(ending)")
    #expect(try client.readUntilClosed().isEmpty)
    #expect(!(try server.standardError()).contains("GET "))
  }

  @Test func faultOptionsReachTheServer() async throws {
    let server = try await ServerProcess.start([
      "--port", "0", "--status", "429", "--on", "/3/search/movie", "--token", "abc",
      "--latency", "1ms", "--jitter", "1ms", "--fail-rate", "0",
    ])
    defer { server.send(SIGKILL) }
    let port = try #require(server.port)

    let limited = try await TestHTTP.get(port: port, "/3/search/movie?query=x&api_key=abc")
    let unauthorized = try await TestHTTP.get(port: port, "/3/movie/popular")

    #expect(limited.response.statusCode == 429)
    #expect(unauthorized.response.statusCode == 401)
    server.send(SIGTERM)
    #expect(await server.waitForExit().status == 0)
  }

  @Test(arguments: [
    (["--latency", "5"], "error: --latency expects a delay such as 200ms or 1.5s"),
    (["--jitter=-1ms"], "error: --jitter expects a delay"),
    (["--fail-rate", "1.5"], "error: --fail-rate expects a fraction from 0 to 1"),
    (["--status", "200"], "error: --status expects an error status from 400 to 599"),
    (["--on", "/3"], "error: --on needs --status"),
    (["--status", "503", "--on", "3/x"], "error: --on expects a path starting with '/'"),
    (["--port", "70000"], "error: --port expects a port from 0 to 65535"),
    (["--seed", "-1"], "error: --seed expects a non-negative integer"),
    (["--max-connections", "0"], "error: --max-connections expects 1 to 1024"),
    (["--nope"], "error: unknown option '--nope'"),
  ])
  func badArgumentsExitTwoWithOneLine(arguments: [String], message: String) async throws {
    let run = try await CommandRun.run("fixture-server", arguments)
    #expect(run.status == 2, "stderr: \(run.stderr)")
    #expect(run.stderr.hasPrefix(message), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test(arguments: [
    (["--fail-rate", "2"], "error: --fail-rate expects a fraction from 0 to 1, got '2'"),
    (["--fail-rate", "1e3"], "error: --fail-rate expects a fraction from 0 to 1, got '1e3'"),
    (["--port", "070000"], "error: --port expects a port from 0 to 65535, got '070000'"),
    (["--port", "x"], "error: --port expects a port from 0 to 65535, got 'x'"),
    (["--status", "0200"], "error: --status expects an error status from 400 to 599, got '0200'"),
  ])
  func aRefusedValueIsQuotedAsItWasTyped(arguments: [String], message: String) async throws {
    let run = try await CommandRun.run("fixture-server", arguments)
    #expect(run.status == 2)
    #expect(run.stderrLines == [message, "usage: fixture-server [options]"])
  }

  @Test func theSummaryLineShowsEachValueAsItWasTyped() async throws {
    let server = try await ServerProcess.start([
      "--port", "0", "--seed", "3", "--latency", "1.50s", "--fail-rate", "0.50", "--quiet",
    ])
    defer { server.send(SIGKILL) }
    server.send(SIGTERM)
    #expect(await server.waitForExit().status == 0)
    let lines = try server.standardError().split(separator: "\n").map(String.init)
    #expect(
      lines.first == "fixture-server: seed 3, latency 1.50s, fail rate 0.50, no token required")
  }

  @Test func theHelpStatesTheServersOwnExitStatuses() async throws {
    let run = try await CommandRun.run("fixture-server", ["--help"])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasSuffix(
        """
        EXIT STATUS:
          0  Stopped by SIGINT (Ctrl-C) or SIGTERM
          1  Could not listen (a port in use), or stopped listening: stderr says why
          2  Bad arguments: the usage line on stderr

        """), "\(run.stdout)")
  }

  @Test func aPortInUseExitsOneNamingIt() async throws {
    let holder = try TestHTTP.startServer()
    defer { holder.stop() }

    let run = try await CommandRun.run("fixture-server", ["--port", "\(holder.port)"])

    #expect(run.status == 1)
    #expect(
      run.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(holder.port): bind failed"),
      "stderr: \(run.stderr)")
  }
}
