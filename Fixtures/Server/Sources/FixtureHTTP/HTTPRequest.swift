/// A parsed HTTP request: method, target, version, headers and body.
///
/// ``HTTPRequestParser`` makes these from bytes; tests build them directly to call
/// ``FixtureRouter/response(for:)``:
///
/// ```swift
/// let request = HTTPRequest(target: "/3/movie/popular?page=2")
/// request.path                 // "/3/movie/popular"
/// request.queryValue("page")   // "2"
/// ```
public struct HTTPRequest: Hashable, Sendable {
  /// The method, such as `GET`; case-sensitive, as HTTP defines it.
  public var method: String
  /// The request target as sent: the path and, after `?`, the query, still percent-encoded.
  public var target: String
  /// The protocol version of the request line.
  public var version: HTTPVersion
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body; empty unless the request had a `Content-Length`.
  public var body: [UInt8]

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The method; `GET` by default.
  ///   - target: The path and query, such as `/3/search/movie?query=star%20wars`.
  ///   - version: The protocol version; HTTP/1.1 by default.
  ///   - headers: The header fields; none by default.
  ///   - body: The body; empty by default.
  public init(
    method: String = "GET", target: String, version: HTTPVersion = .http11,
    headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.body = body
  }

  /// The target's path: everything before the first `?`, as sent.
  public var path: String {
    guard let mark = target.firstIndex(of: "?") else { return target }
    return String(target[..<mark])
  }

  /// The target's query, decoded: each `name=value` pair in order.
  ///
  /// `%XX` escapes are decoded as UTF-8 and `+` reads as a space, as in HTML forms (so a
  /// literal plus must arrive as `%2B`). A malformed escape is kept as it is.
  public var queryItems: [(name: String, value: String)] {
    guard let mark = target.firstIndex(of: "?") else { return [] }
    return QueryString.items(in: target[target.index(after: mark)...])
  }

  /// The decoded value of the first query item called `name`, or `nil` when there is none.
  ///
  /// - Parameter name: The item's name, such as `page`; matched exactly.
  /// - Returns: The value; empty for `name=` or a bare `name`.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// Whether the client wants the connection kept open after the response.
  ///
  /// HTTP/1.1 keeps it open unless a `Connection` header lists `close`; HTTP/1.0 closes it
  /// unless a `Connection` header lists `keep-alive`.
  public var wantsKeepAlive: Bool {
    let options = headers.values(for: "Connection")
      .flatMap { $0.split(separator: ",") }
      .map { $0.trimmingSpaces().lowercased() }
    if options.contains("close") { return false }
    switch version {
    case .http11: return true
    case .http10: return options.contains("keep-alive")
    }
  }
}
