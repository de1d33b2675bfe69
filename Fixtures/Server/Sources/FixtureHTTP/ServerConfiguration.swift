/// How a ``FixtureHTTPServer`` listens, how many clients it serves at once, and the faults it
/// injects.
///
/// ```swift
/// let configuration = ServerConfiguration(
///   port: 0, faults: FaultConfiguration(failRate: 0.1), seed: 42)
/// ```
public struct ServerConfiguration: Hashable, Sendable {
  /// The loopback port to listen on; 0 lets the system pick a free one.
  public var port: UInt16
  /// The most connections served at once; more wait in the listen backlog until one closes.
  public var maximumConnections: Int
  /// How long a connection may sit without sending a byte before it is closed.
  public var idleTimeout: Duration
  /// The faults to inject.
  public var faults: FaultConfiguration
  /// The seed of fault injection's generator.
  public var seed: UInt64
  /// The parser and its limits.
  public var parser: HTTPRequestParser

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - port: The port; 0 (any free port) by default.
  ///   - maximumConnections: The connection limit; 64 by default.
  ///   - idleTimeout: The idle limit; 30 seconds by default.
  ///   - faults: The faults to inject; none by default.
  ///   - seed: The fault generator's seed; 0 by default.
  ///   - parser: The request parser; 16 KiB heads and 1 MiB bodies by default.
  public init(
    port: UInt16 = 0, maximumConnections: Int = 64, idleTimeout: Duration = .seconds(30),
    faults: FaultConfiguration = .none, seed: UInt64 = 0,
    parser: HTTPRequestParser = HTTPRequestParser()
  ) {
    self.port = port
    self.maximumConnections = maximumConnections
    self.idleTimeout = idleTimeout
    self.faults = faults
    self.seed = seed
    self.parser = parser
  }
}
