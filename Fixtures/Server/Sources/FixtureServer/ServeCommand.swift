import FixtureHTTP
import Foundation
import Terminal

/// The `fixture-server` command: its options, and the run from listening to a signal.
enum ServeCommand {
  /// The command line `fixture-server` accepts.
  static let spec = CommandSpec(
    name: "fixture-server",
    abstract: "Serve the shared fixtures over HTTP on 127.0.0.1 (TMDB and Open-Meteo shapes).",
    version: "1.0.0",
    options: [
      .value("port", valueName: "N", help: "The port; 0 picks a free one", default: "8787"),
      .value("token", valueName: "T", help: "Require this TMDB credential on /3 routes"),
      .value("latency", valueName: "DELAY", help: "Wait this long before each answer (200ms, 1s)"),
      .value("jitter", valueName: "DELAY", help: "Add a random extra wait up to this"),
      .value("fail-rate", valueName: "P", help: "Answer this fraction of requests with a 500"),
      .value("status", valueName: "CODE", help: "Answer this status (400-599) on --on paths"),
      .value("on", valueName: "PREFIX", help: "The path prefix --status applies to (default /)"),
      .value("seed", valueName: "N", help: "Seed fault injection (default: random, logged)"),
      .value(
        "max-connections", valueName: "N", help: "Serve at most N connections at once",
        default: "64"),
      .flag("quiet", help: "Do not log each request on standard error"),
    ],
    // A server, not an app: no partial answers, and a signal is how it is meant to stop.
    exitStatuses: ExitStatuses([
      .init("0", "Stopped by SIGINT (Ctrl-C) or SIGTERM"),
      .init("1", "Could not listen (a port in use), or stopped listening: stderr says why"),
      .init("2", "Bad arguments: the usage line on stderr"),
    ]))

  /// Serves until SIGINT or SIGTERM, then stops and returns.
  ///
  /// - Parameter options: The checked command line.
  /// - Throws: ``ServerError`` when the port cannot be bound, ``SignalPipeError`` when the
  ///   signal pipe cannot be made, ``ServerFailure`` when the listener fails while serving.
  static func run(_ options: ServerOptions) async throws {
    let signals = try SignalPipe.install()
    let isQuiet = options.isQuiet
    // Reads every fixture now, so a missing resource bundle shows before "listening".
    let router = FixtureRouter(fixtures: .bundled, token: options.token)
    let server = try FixtureHTTPServer(
      configuration: options.configuration, router: router,
      log: { entry in if !isQuiet { StandardError.writeLine(entry.line) } })
    StandardOutput.writeLine("fixture-server: listening on http://127.0.0.1:\(server.port)")
    StandardError.writeLine("fixture-server: \(options.summary)")

    let watcher = Thread {
      let signal = SignalPipe.waitForSignal(readEnd: signals)
      StandardError.writeLine(
        "fixture-server: \(signal == SIGINT ? "SIGINT" : "SIGTERM"), stopping")
      server.stop()
    }
    watcher.name = "fixture-server signals"
    watcher.start()
    await server.stopped()
    if let failure = server.failure { throw ServerFailure(reason: failure) }
    StandardError.writeLine("fixture-server: stopped")
  }
}
