import CommandLineParsing
import FixtureHTTP
import Foundation
import Terminal

/// The `fixture-server` command: its options, and the run from listening to a signal.
struct ServeCommand: Command {
  /// The options `fixture-server` accepts, in help order.
  typealias Arguments = ServerOptions.Arguments

  /// What `fixture-server` is.
  static let spec = CommandSpec(
    name: "fixture-server",
    abstract: "Serve the shared fixtures over HTTP on 127.0.0.1 (TMDB and Open-Meteo shapes).",
    version: "1.0.0",
    // A server, not an app: no partial answers, and a signal is how it is meant to stop.
    exitStatuses: ExitStatuses([
      .init("0", "Stopped by SIGINT (Ctrl-C) or SIGTERM"),
      .init("1", "Could not listen (a port in use), or stopped listening: stderr says why"),
      .init("2", "Bad arguments: the usage line on stderr"),
    ]))

  /// The checked command line.
  let options: ServerOptions

  /// Reads and checks the options.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (unused).
  /// - Throws: ``UsageError`` naming the option whose value is wrong.
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try ServerOptions(arguments)
  }

  /// Serves until SIGINT or SIGTERM, then stops and returns.
  ///
  /// - Throws: ``ServerError`` when the port cannot be bound, ``SignalPipeError`` when the
  ///   signal pipe cannot be made, ``ServerFailure`` when the listener fails while serving.
  func run() async throws {
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
