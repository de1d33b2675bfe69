import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking HTTP/1.1 client on one loopback TCP connection, for what URLSession hides:
/// keep-alive on a known connection, pipelining, malformed bytes, hanging up mid-request.
///
/// Every read and write times out after 10 seconds, so a test never hangs on a server that
/// does not answer.
final class RawHTTPClient {
  private let descriptor: Int32
  private var buffer: [UInt8] = []

  /// Connects to `127.0.0.1:port`.
  init(port: UInt16) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawClientError(description: "socket: errno \(errno)") }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
      _ = setsockopt(
        descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    // No `close` here: every stored property is set, so a throw still runs `deinit`, which
    // closes the descriptor. Closing it twice would close whatever socket another thread
    // opened under the same number in between (a server's accepted connection, say).
    guard connected == 0 else {
      throw RawClientError(description: "connect to 127.0.0.1:\(port): errno \(errno)")
    }
  }

  deinit {
    close(descriptor)
  }

  /// Writes `text` as UTF-8.
  func write(_ text: String) throws {
    try write(bytes: Array(text.utf8))
  }

  /// Writes all of `bytes`.
  func write(bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else {
        throw RawClientError(description: "send failed after \(sent) bytes: errno \(errno)")
      }
      sent += count
    }
  }

  /// A `GET` of `target` with a Host header and `extraHeaders` lines (each ending in CRLF).
  func get(_ target: String, extraHeaders: String = "") throws {
    try write("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extraHeaders)\r\n")
  }

  /// Reads one response: head, then `Content-Length` bytes of body (none for `HEAD`).
  ///
  /// - Parameter hasBody: `false` for the answer to a `HEAD`.
  /// - Returns: The response.
  /// - Throws: ``RawClientError`` when the server closes, stalls, or sends no status line.
  func readResponse(hasBody: Bool = true) throws -> RawResponse {
    let terminator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    // Bounded: each pass reads at least one byte or throws (timeout, close).
    while headEnd == nil {
      headEnd = buffer.firstRange(of: terminator)?.upperBound
      if headEnd == nil { try fill() }
    }
    let end = try require(headEnd, "a head")
    let lines = String(decoding: buffer[..<(end - 4)], as: UTF8.self)
      .components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw RawClientError(description: "not a status line: \(lines[0].debugDescription)")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let length = hasBody ? Int(headers["content-length"] ?? "0") ?? 0 : 0
    while buffer.count < end + length { try fill() }
    let body = Array(buffer[end..<end + length])
    buffer.removeFirst(end + length)
    return RawResponse(status: status, headers: headers, body: body)
  }

  /// Reads until the server closes the connection.
  ///
  /// - Returns: The bytes that came before the close.
  /// - Throws: When the server keeps the connection open for 10 seconds.
  func readUntilClosed() throws -> [UInt8] {
    // Bounded: each pass reads at least one byte, returns at the close, or throws.
    while true {
      do {
        try fill()
      } catch let error as RawClientError where error.description == Self.closed {
        defer { buffer = [] }
        return buffer
      }
    }
  }

  /// Stops sending: the server sees the end of the stream.
  func finishSending() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  private static let closed = "the server closed the connection"

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    let count = recv(descriptor, &chunk, chunk.count, 0)
    if count > 0 {
      buffer += chunk[..<count]
    } else if count == 0 {
      throw RawClientError(description: Self.closed)
    } else if errno == EAGAIN || errno == EWOULDBLOCK {
      throw RawClientError(description: "no answer within 10 seconds")
    } else {
      throw RawClientError(description: "recv failed: errno \(errno)")
    }
  }

  private func require<Value>(_ value: Value?, _ what: String) throws -> Value {
    guard let value else { throw RawClientError(description: "expected \(what)") }
    return value
  }
}
