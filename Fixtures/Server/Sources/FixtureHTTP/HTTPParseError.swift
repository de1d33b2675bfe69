/// Why bytes from a client are not an HTTP request the server will answer, and the status
/// that says so.
///
/// The server answers with ``status`` and closes the connection: after a malformed request
/// it cannot know where the next one would start.
public struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The status to answer with: 400 for malformed requests (oversized heads included), 413
  /// for a body over the limit, 501 for a `Transfer-Encoding`, 505 for an HTTP version other
  /// than 1.0 and 1.1.
  public var status: Int
  /// What is wrong, in a few words, such as `the request line has 2 parts, not 3`.
  public var reason: String

  /// Creates a parse error.
  ///
  /// - Parameters:
  ///   - status: The status to answer with.
  ///   - reason: What is wrong.
  public init(status: Int, reason: String) {
    self.status = status
    self.reason = reason
  }

  /// `<status>: <reason>`.
  public var description: String {
    "\(status): \(reason)"
  }
}
