import FixtureHTTP
import Terminal

/// What the command line asks of the server, checked.
struct ServerOptions {
  /// The server's configuration, faults and seed included.
  var configuration: ServerConfiguration
  /// The credential TMDB routes require, or `nil`.
  var token: String?
  /// Whether to leave out the per-request log lines.
  var isQuiet: Bool

  /// Reads and checks the options.
  ///
  /// - Throws: ``UsageError`` naming the option whose value is wrong.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    let usage = arguments.usage
    func fail(_ message: String) -> UsageError { UsageError(message, usage: usage) }

    let port = try arguments.value("port", as: Int.self) ?? 8787
    guard (0...65_535).contains(port) else {
      throw fail("--port expects a port from 0 to 65535, got '\(port)'")
    }
    let maximumConnections = try arguments.value("max-connections", as: Int.self) ?? 64
    guard (1...1_024).contains(maximumConnections) else {
      throw fail("--max-connections expects 1 to 1024, got '\(maximumConnections)'")
    }
    var faults = FaultConfiguration()
    faults.latency = try Self.delay(arguments, "latency", fail)
    faults.jitter = try Self.delay(arguments, "jitter", fail)
    faults.failRate = try arguments.value("fail-rate", as: Double.self) ?? 0
    guard (0...1).contains(faults.failRate) else {
      throw fail("--fail-rate expects a fraction from 0 to 1, got '\(faults.failRate)'")
    }
    faults.forcedStatus = try Self.forcedStatus(arguments, fail)

    let seed: UInt64
    if let text = arguments.value("seed") {
      guard let value = UInt64(text) else {
        throw fail("--seed expects a non-negative integer, got '\(text)'")
      }
      seed = value
    } else {
      seed = UInt64.random(in: 0...UInt64.max)
    }
    if let token = arguments.value("token"), token.isEmpty {
      throw fail("--token expects a credential, got an empty one")
    }
    configuration = ServerConfiguration(
      port: UInt16(port), maximumConnections: maximumConnections, faults: faults, seed: seed)
    token = arguments.value("token")
    isQuiet = arguments.flag("quiet")
  }

  /// One line saying what the server injects and requires, for standard error.
  var summary: String {
    let faults = configuration.faults
    var parts = ["seed \(configuration.seed)"]
    if faults.latency > .zero { parts.append("latency \(faults.latency)") }
    if faults.jitter > .zero { parts.append("jitter up to \(faults.jitter)") }
    if faults.failRate > 0 { parts.append("fail rate \(faults.failRate)") }
    if let forced = faults.forcedStatus {
      parts.append("status \(forced.status) on \(forced.pathPrefix)")
    }
    parts.append(token == nil ? "no token required" : "token required on /3")
    return parts.joined(separator: ", ")
  }

  private static func delay(
    _ arguments: ParsedArguments, _ name: String, _ fail: (String) -> UsageError
  ) throws(UsageError) -> Duration {
    guard let text = arguments.value(name) else { return .zero }
    guard let delay = DelaySyntax.parse(text) else {
      throw fail("--\(name) expects a delay such as 200ms or 1.5s (at most 3600s), got '\(text)'")
    }
    return delay
  }

  private static func forcedStatus(
    _ arguments: ParsedArguments, _ fail: (String) -> UsageError
  ) throws(UsageError) -> ForcedStatus? {
    let prefix = arguments.value("on")
    guard let status = try arguments.value("status", as: Int.self) else {
      if prefix != nil { throw fail("--on needs --status: which status to answer there") }
      return nil
    }
    guard (400...599).contains(status) else {
      throw fail("--status expects an error status from 400 to 599, got '\(status)'")
    }
    if let prefix, !prefix.hasPrefix("/") {
      throw fail("--on expects a path starting with '/', got '\(prefix)'")
    }
    return ForcedStatus(status: status, pathPrefix: prefix ?? "/")
  }
}
