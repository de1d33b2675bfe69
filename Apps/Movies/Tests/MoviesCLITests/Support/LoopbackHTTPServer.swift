import Foundation
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One canned HTTP answer: a status line's code and reason, and a JSON body.
struct CannedResponse: Sendable {
  /// The status and reason, such as `500 Internal Server Error`.
  let status: String
  /// The body, sent as `application/json` with its `Content-Length`.
  let body: String

  /// The bytes on the wire, closing the connection after the body.
  var wire: String {
    "HTTP/1.1 \(status)\r\nContent-Type: application/json;charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
  }
}

/// A failure of a socket call while setting the server up.
struct SocketError: Error, CustomStringConvertible {
  /// The call that failed.
  let call: String
  /// Its `errno`.
  let code: Int32

  var description: String { "\(call) failed (errno \(code))" }
}

/// A tiny HTTP server on 127.0.0.1 that answers each connection with the next canned response.
///
/// It binds an ephemeral loopback port, accepts at most `maxConnections` connections on a
/// thread of its own, reads each request's head, answers and closes. Connection `n` gets
/// `responses[n]`, or the last response once they run out. It stops accepting after
/// `maxConnections`, or at ``stop()``; the listening socket is then closed.
///
/// ```swift
/// let server = try LoopbackHTTPServer([CannedResponse(status: "500 ...", body: "{}")])
/// defer { server.stop() }
/// // GET \(server.baseURL)/3/movie/popular ...
/// server.requestHeads  // what the client sent
/// ```
final class LoopbackHTTPServer: Sendable {
  private struct State {
    var isClosed = false
    var requestHeads: [String] = []
  }

  /// The port the server listens on.
  let port: UInt16
  private let listener: Int32
  private let state = Mutex(State())

  /// `http://127.0.0.1:<port>`.
  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The heads (request line and headers) of the requests received so far, in order.
  var requestHeads: [String] { state.withLock { $0.requestHeads } }

  /// Starts serving.
  ///
  /// - Parameters:
  ///   - responses: The answers, one per connection; the last repeats. Not empty.
  ///   - maxConnections: How many connections to accept before closing.
  /// - Throws: ``SocketError`` when the socket cannot be set up.
  init(_ responses: [CannedResponse], maxConnections: Int = 4) throws {
    precondition(!responses.isEmpty, "LoopbackHTTPServer needs at least one response")
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw SocketError(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> String? in
        guard bind(listener, address, length) == 0 else { return "bind" }
        guard listen(listener, 8) == 0 else { return "listen" }
        guard getsockname(listener, address, &length) == 0 else { return "getsockname" }
        return nil
      }
    }
    if let call = bound {
      let code = errno
      close(listener)
      throw SocketError(call: call, code: code)
    }
    self.listener = listener
    self.port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in serve(responses, maxConnections: maxConnections) }
    thread.name = "LoopbackHTTPServer(\(port))"
    thread.start()
  }

  /// Stops accepting connections and closes the listening socket.
  ///
  /// Safe to call more than once, and after the server stopped on its own.
  func stop() {
    // Under the lock, so the serving thread cannot close (and the system reuse) the
    // descriptor in between; shutting it down wakes the thread's `accept`.
    state.withLock { state in
      guard !state.isClosed else { return }
      _ = shutdown(listener, Int32(SHUT_RDWR))
    }
  }

  private func serve(_ responses: [CannedResponse], maxConnections: Int) {
    var served = 0
    while served < maxConnections {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        break
      }
      answer(client, with: responses[min(served, responses.count - 1)])
      served += 1
    }
    state.withLock { state in
      state.isClosed = true
      close(listener)
    }
  }

  private func answer(_ client: Int32, with response: CannedResponse) {
    defer { close(client) }
    // A client that never finishes its request must not hold the thread forever.
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    _ = setsockopt(
      client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      head += buffer[..<count]
    }
    let text = String(decoding: head, as: UTF8.self)
    state.withLock { $0.requestHeads.append(text) }
    let bytes = Array(response.wire.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { chunk in
        send(client, chunk.baseAddress, chunk.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { break }
      sent += count
    }
  }
}
