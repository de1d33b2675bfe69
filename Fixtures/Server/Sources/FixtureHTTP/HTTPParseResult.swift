/// What ``HTTPRequestParser/parse(_:)`` found at the start of a buffer.
public enum HTTPParseResult: Hashable, Sendable {
  /// The bytes so far are a valid beginning; read more and parse again.
  case incomplete
  /// A whole request, and how many bytes of the buffer it took (the rest belongs to the next
  /// request on a persistent connection).
  case request(HTTPRequest, consumed: Int)
  /// The bytes are not a request the server will answer.
  case invalid(HTTPParseError)
}
