/// One line of the request log: what was asked, the status, and how long the answer took.
///
/// ``line`` is what `fixture-server` prints on standard error, such as
/// `GET /3/movie/popular?page=1 200 3ms`, with a note in parentheses for an injected
/// failure, a refused request, or an answer nobody received:
/// `GET /3/movie/popular?page=1 200 2001ms (not sent: the client hung up)`.
public struct RequestLogEntry: Hashable, Sendable {
  /// The method and target, such as `GET /3/movie/popular?page=1`; `-` for bytes that were
  /// not a request.
  public var request: String
  /// The status answered, or the one that would have been when the note says it was not
  /// sent.
  public var status: Int
  /// From the request's last byte to the response's last byte, delays included; to the
  /// client's hang-up for an answer not sent.
  public var elapsed: Duration
  /// Why the status is not the route's own (`injected`, or what made the request
  /// malformed) and whether the answer went unsent (`not sent: the client hung up`), joined
  /// with `; `.
  public var note: String?

  /// Creates a log entry.
  ///
  /// - Parameters:
  ///   - request: The method and target.
  ///   - status: The status answered.
  ///   - elapsed: How long the answer took.
  ///   - note: A note, or `nil`.
  public init(request: String, status: Int, elapsed: Duration, note: String? = nil) {
    self.request = request
    self.status = status
    self.elapsed = elapsed
    self.note = note
  }

  /// `<request> <status> <milliseconds>ms`, then ` (<note>)` when there is a note.
  public var line: String {
    let (seconds, attoseconds) = elapsed.components
    let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    return "\(request) \(status) \(milliseconds)ms" + (note.map { " (\($0))" } ?? "")
  }
}
