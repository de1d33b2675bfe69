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
  /// One line saying what the server injects and requires, for standard error, each value
  /// as it was typed (`latency 8s`, `fail rate 0.50`), not as it was read back.
  let summary: String

  /// Reads and checks the options.
  ///
  /// - Throws: ``UsageError`` naming the option whose value is wrong.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    let usage = arguments.usage
    func fail(_ message: String) -> UsageError { UsageError(message, usage: usage) }

    // Each refusal quotes the value as it was typed (`--fail-rate 2`: got '2', not '2.0').
    let port =
      try arguments.value(
        "port", as: Int.self, where: (0...65_535).contains, expecting: "a port from 0 to 65535")
      ?? 8787
    let maximumConnections =
      try arguments.value(
        "max-connections", as: Int.self, where: (1...1_024).contains, expecting: "1 to 1024")
      ?? 64
    var faults = FaultConfiguration()
    faults.latency = try Self.delay(arguments, "latency", fail)
    faults.jitter = try Self.delay(arguments, "jitter", fail)
    faults.failRate =
      try arguments.value(
        "fail-rate", as: Double.self, where: (0...1).contains,
        expecting: "a fraction from 0 to 1")
      ?? 0
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
    let token = arguments.value("token")
    self.token = token
    isQuiet = arguments.flag("quiet")

    var parts = ["seed \(seed)"]
    if faults.latency > .zero, let text = arguments.value("latency") {
      parts.append("latency \(text)")
    }
    if faults.jitter > .zero, let text = arguments.value("jitter") {
      parts.append("jitter up to \(text)")
    }
    if faults.failRate > 0, let text = arguments.value("fail-rate") {
      parts.append("fail rate \(text)")
    }
    if let forced = faults.forcedStatus, let text = arguments.value("status") {
      parts.append("status \(text) on \(forced.pathPrefix)")
    }
    parts.append(token == nil ? "no token required" : "token required on /3")
    summary = parts.joined(separator: ", ")
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
    let status = try arguments.value(
      "status", as: Int.self, where: (400...599).contains,
      expecting: "an error status from 400 to 599")
    guard let status else {
      if prefix != nil { throw fail("--on needs --status: which status to answer there") }
      return nil
    }
    if let prefix, !prefix.hasPrefix("/") {
      throw fail("--on expects a path starting with '/', got '\(prefix)'")
    }
    return ForcedStatus(status: status, pathPrefix: prefix ?? "/")
  }
}
