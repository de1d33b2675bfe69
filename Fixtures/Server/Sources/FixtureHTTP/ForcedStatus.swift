/// A status answered to every request under a path prefix: `--status 429 --on /3/search/movie`.
///
/// The prefix matches whole path segments: `/3/search` matches `/3/search/movie`, not
/// `/3/searches`; `/` matches everything.
public struct ForcedStatus: Hashable, Sendable {
  /// The status to answer, such as 429 or 503.
  public var status: Int
  /// The path prefix it applies to, starting with `/`.
  public var pathPrefix: String

  /// Creates a forced status.
  ///
  /// - Parameters:
  ///   - status: The status to answer.
  ///   - pathPrefix: The path prefix; every path by default.
  public init(status: Int, pathPrefix: String = "/") {
    self.status = status
    self.pathPrefix = pathPrefix
  }

  /// Whether `path` is at or below ``pathPrefix``.
  ///
  /// - Parameter path: A request's path, without its query.
  /// - Returns: `true` when the status applies.
  public func applies(to path: String) -> Bool {
    guard path.hasPrefix(pathPrefix) else { return false }
    return path.count == pathPrefix.count || pathPrefix.hasSuffix("/")
      || path.dropFirst(pathPrefix.count).hasPrefix("/")
  }
}
