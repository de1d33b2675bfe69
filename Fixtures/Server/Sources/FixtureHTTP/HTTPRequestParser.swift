/// Parses HTTP/1.x requests from the bytes a client sent, with limits, never trapping.
///
/// Call ``parse(_:)`` with everything received and not yet consumed. It is a pure function of
/// the buffer: it reports ``HTTPParseResult/incomplete`` until a whole request (head and
/// `Content-Length` body) is there, then the request and the bytes it took. It fails as soon
/// as the bytes cannot become a valid request: a control byte, a malformed request line once
/// its line ends, or a head past ``maximumHeadSize`` with no end in sight.
///
/// What it accepts (RFC 9112), and what it refuses:
/// - Lines end with CRLF; a bare LF is accepted too, a bare CR is not. Empty lines before
///   the request line are skipped.
/// - Request line: `METHOD SP target SP HTTP/1.x`, single spaces. The target is origin-form
///   (`/path?query`), absolute-form (`http://host/path`, reduced to its path) or `*`; only
///   visible ASCII.
/// - Header fields: `name: value`; no space before the colon, no line folding, at most
///   ``maximumHeaderCount``. HTTP/1.1 requires exactly one `Host`.
/// - Bodies only with a `Content-Length` of digits (repeated values must agree), at most
///   ``maximumBodySize`` (413 beyond). `Transfer-Encoding` gets 501.
/// - A head larger than ``maximumHeadSize`` (16 KiB) gets 400, like every other malformed
///   head, rather than 431: clients treat both the same, and one status for "this head is
///   wrong" keeps the rule simple.
///
/// ```swift
/// let parser = HTTPRequestParser()
/// switch parser.parse(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) {
/// case .request(let request, let consumed): ...  // request.path == "/", consumed == 27
/// case .incomplete: ...                          // read more
/// case .invalid(let error): ...                  // answer error.status and close
/// }
/// ```
public struct HTTPRequestParser: Hashable, Sendable {
  /// The largest request head accepted, request line and header fields together: 16 KiB.
  public var maximumHeadSize: Int
  /// The most header fields a request may have.
  public var maximumHeaderCount: Int
  /// The largest body accepted: 1 MiB (the fixture routes take no body at all).
  public var maximumBodySize: Int

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - maximumHeadSize: The head limit in bytes; 16 KiB by default.
  ///   - maximumHeaderCount: The header field limit; 100 by default.
  ///   - maximumBodySize: The body limit in bytes; 1 MiB by default.
  public init(
    maximumHeadSize: Int = 16 * 1024, maximumHeaderCount: Int = 100,
    maximumBodySize: Int = 1024 * 1024
  ) {
    self.maximumHeadSize = maximumHeadSize
    self.maximumHeaderCount = maximumHeaderCount
    self.maximumBodySize = maximumBodySize
  }

  /// Parses the request at the start of `buffer`.
  ///
  /// - Parameter buffer: The bytes received and not yet consumed.
  /// - Returns: ``HTTPParseResult/incomplete``, a request with the bytes it took, or why the
  ///   bytes are not a request.
  public func parse(_ buffer: [UInt8]) -> HTTPParseResult {
    do throws(HTTPParseError) {
      switch try HeadScanner.scan(buffer, maximumHeadSize: maximumHeadSize) {
      case .partial(let firstLine):
        // Check the request line as soon as it has ended, so garbage is refused at once
        // rather than after the client gives up or the head reaches its limit.
        if let firstLine { _ = try RequestLine(firstLine) }
        return .incomplete
      case .complete(let lines, let end):
        guard let first = lines.first else {
          throw HTTPParseError(status: 400, reason: "the request has no request line")
        }
        let requestLine = try RequestLine(first)
        let headers = try parseFields(lines.dropFirst())
        try checkHost(headers, version: requestLine.version)
        let length = try bodyLength(headers)
        guard end + length <= buffer.count else { return .incomplete }
        let request = HTTPRequest(
          method: requestLine.method, target: requestLine.target, version: requestLine.version,
          headers: headers, body: Array(buffer[end..<end + length]))
        return .request(request, consumed: end + length)
      }
    } catch {
      return .invalid(error)
    }
  }

  private func parseFields(_ lines: ArraySlice<ArraySlice<UInt8>>) throws(HTTPParseError)
    -> HTTPHeaders
  {
    guard lines.count <= maximumHeaderCount else {
      throw HTTPParseError(
        status: 400, reason: "more than \(maximumHeaderCount) header fields")
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let first = line.first, first != ASCII.space, first != ASCII.tab else {
        throw HTTPParseError(status: 400, reason: "obsolete line folding in the header fields")
      }
      guard let colon = line.firstIndex(of: ASCII.colon), colon > line.startIndex,
        line[..<colon].allSatisfy(ASCII.isTokenByte)
      else {
        throw HTTPParseError(status: 400, reason: "a header field is not `name: value`")
      }
      let name = String(decoding: line[..<colon], as: UTF8.self)
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()
      headers.add(name: name, value: value)
    }
    return headers
  }

  private func checkHost(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) {
    guard version == .http11 else { return }
    switch headers.values(for: "Host").count {
    case 1: return
    case 0: throw HTTPParseError(status: 400, reason: "an HTTP/1.1 request without a Host")
    default: throw HTTPParseError(status: 400, reason: "more than one Host header field")
    }
  }

  private func bodyLength(_ headers: HTTPHeaders) throws(HTTPParseError) -> Int {
    guard headers["Transfer-Encoding"] == nil else {
      throw HTTPParseError(
        status: 501, reason: "Transfer-Encoding is not supported; send a Content-Length")
    }
    let values = headers.values(for: "Content-Length")
      .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingSpaces() }
    guard let first = values.first else { return 0 }
    guard values.allSatisfy({ $0 == first }) else {
      throw HTTPParseError(status: 400, reason: "Content-Length values disagree")
    }
    guard !first.isEmpty, first.utf8.count <= 15, first.utf8.allSatisfy(ASCII.isDigit),
      let length = Int(first)
    else {
      throw HTTPParseError(status: 400, reason: "Content-Length is not a number: '\(first)'")
    }
    guard length <= maximumBodySize else {
      throw HTTPParseError(
        status: 413, reason: "a body of \(length) bytes; the limit is \(maximumBodySize)")
    }
    return length
  }
}
