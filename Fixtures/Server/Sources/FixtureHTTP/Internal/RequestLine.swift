/// The first line of a request, `METHOD SP target SP HTTP/1.x`, checked.
struct RequestLine {
  /// The method, such as `GET`.
  var method: String
  /// The target in origin-form (`/path?query`), or `*`.
  var target: String
  /// The protocol version.
  var version: HTTPVersion

  /// Parses and checks a request line (without its line ending).
  ///
  /// - Throws: A 400 ``HTTPParseError`` naming the problem, or 505 for an HTTP version other
  ///   than 1.0 and 1.1.
  init(_ line: ArraySlice<UInt8>) throws(HTTPParseError) {
    let parts = line.split(separator: ASCII.space, omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
      throw HTTPParseError(
        status: 400, reason: "the request line is not `METHOD target HTTP/1.1`")
    }
    guard parts[0].allSatisfy(ASCII.isTokenByte) else {
      throw HTTPParseError(status: 400, reason: "the method is not a token")
    }
    method = String(decoding: parts[0], as: UTF8.self)
    version = try Self.version(parts[2])
    guard parts[1].allSatisfy(ASCII.isVisible) else {
      throw HTTPParseError(status: 400, reason: "the request target has a byte that is not ASCII")
    }
    target = try Self.originForm(String(decoding: parts[1], as: UTF8.self), method: method)
  }

  private static func version(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
    let text = String(decoding: bytes, as: UTF8.self)
    if let version = HTTPVersion(rawValue: text) { return version }
    let number = text.dropFirst("HTTP/".count)
    if text.hasPrefix("HTTP/"), !number.isEmpty,
      number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    {
      throw HTTPParseError(status: 505, reason: "\(text) is not supported; use HTTP/1.1")
    }
    throw HTTPParseError(status: 400, reason: "the request line does not end with HTTP/1.1")
  }

  /// The target as a path and query: origin-form as is, absolute-form reduced to its path.
  private static func originForm(_ target: String, method: String) throws(HTTPParseError)
    -> String
  {
    if target.hasPrefix("/") { return target }
    if target == "*", method == "OPTIONS" { return target }
    for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
      let afterScheme = target.dropFirst(scheme.count)
      guard let pathStart = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else {
        return "/"
      }
      let rest = afterScheme[pathStart...]
      return rest.hasPrefix("/") ? String(rest) : "/" + rest
    }
    throw HTTPParseError(status: 400, reason: "the request target is not a path")
  }
}
