import CommandLineParsing
import FixtureHTTP

/// What the command line asks of the server, checked.
struct ServerOptions: Sendable {
  /// The server's configuration, faults and seed included.
  var configuration: ServerConfiguration
  /// The credential TMDB routes require, or `nil`.
  var token: String?
  /// Whether to leave out the per-request log lines.
  var isQuiet: Bool
  /// One line saying what the server injects and requires, for standard error, each value
  /// as it was typed (`latency 8s`, `fail rate 0.50`), not as it was read back.
  let summary: String

  /// The options, each declared once with its default and the message that refuses it.
  struct Arguments: CommandArguments {
    let port = OptionValue<Int>(
      "port", valueName: "N", help: "The port; 0 picks a free one", default: 8787,
      where: { (0...65_535).contains($0) }, expecting: "a port from 0 to 65535")
    let token = OptionValue<String?>(
      "token", valueName: "T", help: "Require this TMDB credential on /3 routes")
    let latency = Arguments.delay(
      "latency", help: "Wait this long before each answer (200ms, 1s)")
    let jitter = Arguments.delay("jitter", help: "Add a random extra wait up to this")
    let failRate = OptionValue<Spelled<Double>?>(
      "fail-rate", valueName: "P", help: "Answer this fraction of requests with a 500",
      parse: { Spelled($0, Double(argument: $0).flatMap { (0...1).contains($0) ? $0 : nil }) },
      expecting: "a fraction from 0 to 1")
    let status = OptionValue<Spelled<Int>?>(
      "status", valueName: "CODE", help: "Answer this status (400-599) on --on paths",
      parse: { Spelled($0, Int(argument: $0).flatMap { (400...599).contains($0) ? $0 : nil }) },
      expecting: "an error status from 400 to 599")
    let on = OptionValue<String?>(
      "on", valueName: "PREFIX", help: "The path prefix --status applies to (default /)")
    let seed = OptionValue<UInt64?>(
      "seed", valueName: "N", help: "Seed fault injection (default: random, logged)",
      parse: { UInt64($0) }, expecting: "a non-negative integer")
    let maxConnections = OptionValue<Int>(
      "max-connections", valueName: "N", help: "Serve at most N connections at once",
      default: 64, where: { (1...1_024).contains($0) }, expecting: "1 to 1024")
    let quiet = Flag("quiet", help: "Do not log each request on standard error")

    /// A delay option: `200ms`, `1.5s`.
    private static func delay(_ long: String, help: String) -> OptionValue<Spelled<Duration>?> {
      OptionValue(
        long, valueName: "DELAY", help: help, parse: { Spelled($0, DelaySyntax.parse($0)) },
        expecting: "a delay such as 200ms or 1.5s (at most 3600s)")
    }
  }

  /// A value with the text it was given as, for the summary line.
  struct Spelled<Value: Sendable>: Sendable {
    /// The value read.
    let value: Value
    /// The text on the command line.
    let text: String

    /// The value `text` reads as, or `nil` when it reads as none.
    init?(_ text: String, _ value: Value?) {
      guard let value else { return nil }
      self.value = value
      self.text = text
    }
  }

  /// Reads and checks the options.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Throws: ``UsageError`` naming the option whose value is wrong.
  init(_ arguments: Parsed<Arguments>) throws(UsageError) {
    // Each refusal quotes the value as it was typed (`--fail-rate 2`: got '2', not '2.0').
    let port = try arguments.port
    let maximumConnections = try arguments.maxConnections
    let latency = try arguments.latency
    let jitter = try arguments.jitter
    let failRate = try arguments.failRate
    let on = try arguments.on
    let status = try arguments.status
    var faults = FaultConfiguration()
    faults.latency = latency?.value ?? .zero
    faults.jitter = jitter?.value ?? .zero
    faults.failRate = failRate?.value ?? 0
    if let status {
      if let on, !on.hasPrefix("/") {
        throw UsageError(
          "--on expects a path starting with '/', got '\(on)'", usage: arguments.usage)
      }
      faults.forcedStatus = ForcedStatus(status: status.value, pathPrefix: on ?? "/")
    } else if on != nil {
      throw UsageError("--on needs --status: which status to answer there", usage: arguments.usage)
    }
    let seed = try arguments.seed ?? UInt64.random(in: 0...UInt64.max)
    // The parser refuses an empty value (`--token ""`) for every option.
    let token = try arguments.token
    configuration = ServerConfiguration(
      port: UInt16(port), maximumConnections: maximumConnections, faults: faults, seed: seed)
    self.token = token
    isQuiet = arguments.quiet

    var parts = ["seed \(seed)"]
    if faults.latency > .zero, let latency { parts.append("latency \(latency.text)") }
    if faults.jitter > .zero, let jitter { parts.append("jitter up to \(jitter.text)") }
    if faults.failRate > 0, let failRate { parts.append("fail rate \(failRate.text)") }
    if let forced = faults.forcedStatus, let status {
      parts.append("status \(status.text) on \(forced.pathPrefix)")
    }
    parts.append(token == nil ? "no token required" : "token required on /3")
    summary = parts.joined(separator: ", ")
  }
}
