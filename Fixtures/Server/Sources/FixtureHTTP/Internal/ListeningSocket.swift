#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server's listening socket on 127.0.0.1.
enum ListeningSocket {
  /// Opens a non-blocking, close-on-exec TCP socket listening on `127.0.0.1:port`.
  ///
  /// `SO_REUSEADDR` lets a restarted server take its port back while old connections sit in
  /// `TIME_WAIT`.
  ///
  /// - Parameters:
  ///   - port: The port; 0 lets the system pick one.
  ///   - backlog: How many connections may wait to be accepted.
  /// - Returns: The socket and the port it listens on.
  /// - Throws: ``ServerError`` naming the call that failed.
  static func open(port: UInt16, backlog: Int32 = 128) throws(ServerError) -> (
    descriptor: Int32, port: UInt16
  ) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ServerError(call: "socket", port: port, code: errno) }
    var reuse: Int32 = 1
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let failedCall = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> String? in
        guard bind(descriptor, address, length) == 0 else { return "bind" }
        guard listen(descriptor, backlog) == 0 else { return "listen" }
        guard getsockname(descriptor, address, &length) == 0 else { return "getsockname" }
        return nil
      }
    }
    if let failedCall {
      let code = errno
      _ = close(descriptor)
      throw ServerError(call: failedCall, port: port, code: code)
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }
}
