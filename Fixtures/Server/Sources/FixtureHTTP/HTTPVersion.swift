/// The HTTP versions the server speaks: 1.0 and 1.1.
///
/// The version decides whether a connection stays open by default (1.1) or closes after the
/// response (1.0); see ``HTTPRequest/wantsKeepAlive``.
public enum HTTPVersion: String, Hashable, Sendable {
  /// `HTTP/1.0`: one request a connection unless it asks for `Connection: keep-alive`.
  case http10 = "HTTP/1.0"
  /// `HTTP/1.1`: persistent connections unless it asks for `Connection: close`.
  case http11 = "HTTP/1.1"
}
