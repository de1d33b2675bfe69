import Fixtures
import Foundation

/// What the stub answers one request with: an HTTP response, or a transport failure.
enum StubResponse: Sendable {
  /// An HTTP response with `status`, `headers` and `body`.
  case http(status: Int, headers: [String: String], body: Data)
  /// No HTTP answer: URLSession fails the request with `error`.
  case failure(URLError)

  /// HTTP `status` with the fixture at `path` as the body (JSON by content type).
  static func fixture(
    _ path: String, status: Int = 200, headers: [String: String] = [:]
  ) throws -> StubResponse {
    .http(
      status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
      body: try Fixtures.data(path))
  }
}
