#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server could not start: a socket or pipe call failed.
public struct ServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call that failed, such as `bind`.
  public var call: String
  /// The port asked for.
  public var port: UInt16
  /// The call's `errno`.
  public var code: Int32

  /// Creates a server error.
  ///
  /// - Parameters:
  ///   - call: The call that failed.
  ///   - port: The port asked for.
  ///   - code: The call's `errno`.
  public init(call: String, port: UInt16, code: Int32) {
    self.call = call
    self.port = port
    self.code = code
  }

  /// One line, such as
  /// `cannot listen on 127.0.0.1:8787: bind failed: Address already in use (errno 98)`.
  public var description: String {
    "cannot listen on 127.0.0.1:\(port): \(call) failed: \(String(cString: strerror(code))) "
      + "(errno \(code))"
  }
}
