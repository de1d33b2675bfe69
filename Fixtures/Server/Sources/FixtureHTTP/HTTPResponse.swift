/// An HTTP response before it goes on the wire: status, header fields and body.
///
/// ``serialized(keepAlive:includeBody:)`` adds the framing fields (`Content-Length`,
/// `Connection`), so a response is built once and written the same way on every connection.
///
/// ```swift
/// let response = HTTPResponse.json(status: 200, body: Array(#"{"ok":true}"#.utf8))
/// let wire = response.serialized(keepAlive: true)
/// // HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n...Content-Length: 11\r\n...
/// ```
public struct HTTPResponse: Hashable, Sendable {
  /// The status code, such as 200 or 429.
  public var status: Int
  /// The header fields other than `Content-Length` and `Connection`.
  public var headers: HTTPHeaders
  /// The body.
  public var body: [UInt8]

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields other than the framing ones; none by default.
  ///   - body: The body; empty by default.
  public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON response: `Content-Type: application/json` and `body`.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - body: The JSON bytes.
  ///   - extraHeaders: Fields to add after the content type, such as `Retry-After`.
  /// - Returns: The response.
  public static func json(
    status: Int, body: [UInt8], extraHeaders: [HTTPHeaderField] = []
  ) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: HTTPHeaders(
        [HTTPHeaderField(name: "Content-Type", value: "application/json")]
          + extraHeaders),
      body: body)
  }

  /// The reason phrase for ``status``, such as `Too Many Requests`; `Unknown` for a status
  /// the server never sends.
  public var reasonPhrase: String {
    ReasonPhrase.for(status)
  }

  /// The response as bytes: status line, header fields, `Content-Length`, `Connection`, a
  /// blank line, then the body.
  ///
  /// - Parameters:
  ///   - keepAlive: Whether the connection stays open (`Connection: keep-alive`) or closes
  ///     after this response (`Connection: close`).
  ///   - includeBody: Whether to send the body; `false` answers a `HEAD`, which gets the same
  ///     `Content-Length` as a `GET` and no body.
  /// - Returns: The bytes to write.
  public func serialized(keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(reasonPhrase)\r\n"
    for field in headers.fields {
      head += "\(field.name): \(field.value)\r\n"
    }
    head += "Content-Length: \(body.count)\r\n"
    head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
    var bytes = Array(head.utf8)
    if includeBody { bytes += body }
    return bytes
  }
}
